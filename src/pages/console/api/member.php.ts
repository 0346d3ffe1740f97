import { supportEndpoint } from '../../../features/support/support.context.ts';
import { memberPageQuerySchema } from '../../../features/support/support.schemas.ts';
import { memberPage } from '../../../features/support/support.service.ts';

/** `GET /console/api/member.php?id=` (adjust_credits): a member's status and orders; 404 outside the caller's networks. */
export const GET = supportEndpoint({
  staff: 'adjust_credits',
  query: memberPageQuerySchema,
  handle: ({ ctx, input }) => memberPage(ctx, input.id),
});
