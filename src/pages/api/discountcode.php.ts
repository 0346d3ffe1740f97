import {
  discountQuerySchema,
  lookUpDiscount,
  visitorLooksUpDiscount,
  welcomeDiscount,
} from '../../features/credits/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/discountcode.php?code=` or `?welcome=true`: `{ code, percentage, minimum, currency,
 * country }`; 404 `code_not_found`, 409 `code_used` (for a member who already used it); 429
 * `rate_limited` for a visitor's address that looked up too many codes.
 */
export const GET = endpoint({
  query: discountQuerySchema,
  handle: ({ ctx, member, input, locals }) => {
    if (input.code === undefined) return welcomeDiscount(ctx, member?.id ?? null);
    return member
      ? lookUpDiscount(ctx, member.id, input.code)
      : visitorLooksUpDiscount(ctx, locals.clientIp, input.code);
  },
});
