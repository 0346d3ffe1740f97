import { discountQuerySchema, lookUpDiscount, welcomeDiscount } from '../../features/credits/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/discountcode.php?code=` or `?welcome=true`: `{ code, percentage, minimum, currency,
 * country }`; 404 `code_not_found`, 409 `code_used` (for a member who already used it).
 */
export const GET = endpoint({
  query: discountQuerySchema,
  handle: ({ ctx, member, input }) =>
    input.code !== undefined
      ? lookUpDiscount(ctx, member?.id ?? null, input.code)
      : welcomeDiscount(ctx, member?.id ?? null),
});
