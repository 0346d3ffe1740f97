import { supportEndpoint } from '../../../features/support/support.context.ts';
import { memberActionSchema } from '../../../features/support/support.schemas.ts';
import { memberAction } from '../../../features/support/support.service.ts';

/**
 * `POST /console/api/member-actions.php { id, action, … }` (adjust_credits): `adjust_credits`
 * (`delta`, `reason`), `end_sessions`, `resend_activation` or `change_email` (`email`). Audited.
 */
export const POST = supportEndpoint({
  staff: 'adjust_credits',
  body: memberActionSchema,
  handle: ({ ctx, input }) => memberAction(ctx, input),
});
