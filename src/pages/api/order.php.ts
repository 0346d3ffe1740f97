import { createOrder, orderInputSchema, paymentsEndpoint } from '../../features/payments/index.ts';
import { json } from '../../server/http.ts';

/**
 * `POST /api/order.php { bundle, paymentmethod, discountcode?, client_id? }` (member): 201
 * `{ order: { payment_id, credits, amount, currency }, redirect_url }`; the same `client_id`
 * answers the first order again.
 */
export const POST = paymentsEndpoint({
  member: true,
  body: orderInputSchema,
  handle: async ({ ctx, member, input }) => json(await createOrder(ctx, member, input), 201),
});
