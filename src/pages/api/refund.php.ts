import { z } from 'zod';
import { previewRefund, refundInputSchema, refundOrder } from '../../features/payments/payments.refund.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/refund.php?order=ID` (member): what a refund would give back now,
 * `{ order, credits_reversed, amount, currency }`; nothing changes.
 */
export const GET = endpoint({
  member: true,
  query: z.object({ order: z.string().min(1).max(64) }),
  handle: ({ ctx, member, input }) => previewRefund(ctx, member, input.order),
});

/**
 * `POST /api/refund.php { order }` (member, own orders): the unused credits of the order reversed
 * pro rata; 409 `refund_period_over` or `not_refundable`; 404 for another member's order.
 */
export const POST = endpoint({
  member: true,
  body: refundInputSchema,
  handle: ({ ctx, member, input }) => refundOrder(ctx, member, input.order),
});
