import { bounceInput, recordBounce } from '../../features/page-behaviours/index.ts';
import { endpoint } from '../../server/endpoint.ts';
import { noContent } from '../../server/http.ts';

/** `POST /api/bounce.php` `{ page, ms }` (API.md): page-bounce logging for pages opened with `lb`. */
export const POST = endpoint({
  accept: 'beacon',
  body: bounceInput,
  // Beacons need no session, so each address gets a budget: nobody fills the table.
  perAddress: { name: 'bounce-ip', rule: (site) => site.rateLimits.bounceIp },
  async handle({ ctx, member, input }) {
    await recordBounce(ctx, input, member?.id ?? null);
    return noContent();
  },
});
