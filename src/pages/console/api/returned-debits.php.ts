import { supportEndpoint } from '../../../features/support/support.context.ts';
import { returnedDebitInputSchema } from '../../../features/support/support.schemas.ts';
import { returnedDebit } from '../../../features/support/support.service.ts';

/**
 * `POST /console/api/returned-debits.php { order, reason? }` (refund in the order's network): a
 * direct debit the bank returned unpaid, with its ISO 20022 reason code (AC04, MD06, AM04, …).
 * The order fails, its unused credits are taken back, and direct debit is blocked for the member;
 * 409 `not_returnable` for an order that is no paid direct debit. Audited.
 */
export const POST = supportEndpoint({
  staff: 'refund',
  body: returnedDebitInputSchema,
  handle: ({ ctx, input }) => returnedDebit(ctx, input.order, input.reason),
});
