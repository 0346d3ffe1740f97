import { supportEndpoint } from '../../../features/support/support.context.ts';
import { refundInputSchema } from '../../../features/support/support.schemas.ts';
import { refundAsStaff } from '../../../features/support/support.service.ts';

/**
 * `POST /console/api/refunds.php { order, mode: 'rules' | 'full', reason? }` (refund in the
 * order's network): the order refunded, its credits reversed; `payout` says whether the provider
 * paid it back (`failed` with its words). Audited.
 */
export const POST = supportEndpoint({
  staff: 'refund',
  body: refundInputSchema,
  handle: ({ ctx, input }) => refundAsStaff(ctx, input),
});
