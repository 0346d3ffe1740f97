import { paymentsEndpoint, transactionOf, transactionQuerySchema } from '../../features/payments/index.ts';

/**
 * `GET /api/transaction.php?id=` (member, own orders only; anyone else's is 404):
 * `{ status, order, retry_methods }`.
 */
export const GET = paymentsEndpoint({
  member: true,
  query: transactionQuerySchema,
  handle: ({ ctx, member, input }) => transactionOf(ctx, member, input.id),
});
