import { supportEndpoint } from '../../../features/support/support.context.ts';
import { membersQuerySchema } from '../../../features/support/support.schemas.ts';
import { searchMembers } from '../../../features/support/support.service.ts';

/**
 * `GET /console/api/members.php?q=` (adjust_credits): members of the caller's networks by e-mail
 * (exact or its start), name (its start), public id or an order's id; at most 25, newest first.
 */
export const GET = supportEndpoint({
  staff: 'adjust_credits',
  query: membersQuerySchema,
  handle: ({ ctx, input }) => searchMembers(ctx, input.q),
});
