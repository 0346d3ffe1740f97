import { supportEndpoint } from '../../../features/support/support.context.ts';
import { orderQuerySchema } from '../../../features/support/support.schemas.ts';
import { showOrder } from '../../../features/support/support.service.ts';

/** `GET /console/api/order.php?id=` (refund): an order with its reversal and staff refund; 404 outside the caller's networks. */
export const GET = supportEndpoint({
  staff: 'refund',
  query: orderQuerySchema,
  handle: ({ ctx, input }) => showOrder(ctx, input.id),
});
