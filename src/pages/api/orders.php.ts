import { orderHistory } from '../../features/payments/payments.refund.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/orders.php` (member): `{ orders: [{ id, created_at, credits, amount, currency, status,
 * refundable }] }`, newest first. The settings page loads it when its orders section is shown,
 * so the page itself stays at the session's statements.
 */
export const GET = endpoint({
  member: true,
  handle: async ({ ctx, member }) => ({ orders: await orderHistory(ctx, member) }),
});
