import { createOrder, orderInputSchema, paymentsEndpoint } from '../../features/payments/index.ts';
import { repeatInputSchema, repeatOrder } from '../../features/payments/payments.repeat.ts';
import { json } from '../../server/http.ts';
import { quoteOrder, quoteQuerySchema } from '../../features/credits/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/order.php?bundle=&discountcode=&keep=` (member): `{ quote, notice }`, the total to
 * pay priced as the order will be; a typed code that does not apply leaves the discount that
 * does (`keep`, else the active discount), and `notice` says so.
 */
export const GET = endpoint({
  member: true,
  query: quoteQuerySchema,
  handle: ({ ctx, member, locals, input }) =>
    quoteOrder(ctx, { t: locals.t, locale: locals.locale }, member.id, locals.country, input),
});

const isRepeat = (url: URL) => url.searchParams.get('repeat') === '1';

/**
 * `POST /api/order.php { bundle, paymentmethod, discountcode?, client_id? }` (member): 201
 * `{ order: { payment_id, credits, amount, currency }, redirect_url }`; the same `client_id`
 * answers the first order again. `?repeat=1` (premium): the last bundle charged to the stored
 * card or PayPal account, once per `client_id`; 402 `payment_failed` with `retry`, 409
 * `no_stored_method`.
 */
export const POST = paymentsEndpoint({
  member: true,
  body: ({ url }) => (isRepeat(url) ? repeatInputSchema : orderInputSchema),
  handle: async ({ ctx, member, input, context }) =>
    json(
      isRepeat(context.url) || !('bundle' in input)
        ? await repeatOrder(ctx, member, 'bundle' in input ? {} : input)
        : await createOrder(ctx, member, input),
      201,
    ),
});
