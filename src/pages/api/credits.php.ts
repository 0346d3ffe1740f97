import { creditsOffer } from '../../features/credits/index.ts';
import { paymentMethodsFor } from '../../features/payments/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/credits.php`: `{ bundles, paymentmethods, country, currency, discount, premium_claim }`
 * in the member's currency (a visitor's: the request country's).
 */
export const GET = endpoint({
  handle: ({ ctx, member, locals }) =>
    creditsOffer(ctx, member?.id ?? null, locals.country, (c) => paymentMethodsFor(c, locals.t)),
});
