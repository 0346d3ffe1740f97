import { timeBonusFor } from '../../features/credits/index.ts';
import { paymentMethodsFor } from '../../features/payments/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/timebonus.php` (member): the time bonus, or 204 when it is not offered. */
export const GET = endpoint({
  member: true,
  handle: async ({ ctx, member, locals }) => {
    const bonus = await timeBonusFor(ctx, member.id, locals.country, paymentMethodsFor);
    return bonus ?? new Response(null, { status: 204 });
  },
});
