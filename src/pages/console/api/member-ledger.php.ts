import { supportEndpoint } from '../../../features/support/support.context.ts';
import { memberPageQuerySchema } from '../../../features/support/support.schemas.ts';
import { memberLedger } from '../../../features/support/support.service.ts';

/** `GET /console/api/member-ledger.php?id=&cursor=` (adjust_credits): the member's ledger, 50 a page. Audited. */
export const GET = supportEndpoint({
  staff: 'adjust_credits',
  query: memberPageQuerySchema,
  handle: ({ ctx, input }) => memberLedger(ctx, input.id, input.cursor),
});
