import { supportEndpoint } from '../../../features/support/support.context.ts';
import { ordersQuerySchema } from '../../../features/support/support.schemas.ts';
import { listOrders } from '../../../features/support/support.service.ts';

/**
 * `GET /console/api/orders.php?site&status&method&from&to&member&cursor` (refund): orders of the
 * caller's networks, newest first, 50 a page.
 */
export const GET = supportEndpoint({
  staff: 'refund',
  query: ordersQuerySchema,
  handle: ({ ctx, input }) => listOrders(ctx, input),
});
