import { supportEndpoint } from '../../../features/support/support.context.ts';
import { memberPageQuerySchema } from '../../../features/support/support.schemas.ts';
import { memberSessions } from '../../../features/support/support.service.ts';

/** `GET /console/api/member-sessions.php?id=` (adjust_credits): the member's live sessions, never a token. Audited. */
export const GET = supportEndpoint({
  staff: 'adjust_credits',
  query: memberPageQuerySchema,
  handle: ({ ctx, input }) => memberSessions(ctx, input.id),
});
