import { codesEndpoint } from '../../../features/codes/codes.context.ts';
import { inviteActionSchema, networkQuerySchema } from '../../../features/codes/codes.schemas.ts';
import { inviteAction, inviteCodes } from '../../../features/codes/codes.service.ts';

/** `GET /console/api/invites.php?network` (manage_codes): the network's invite codes with their uses. */
export const GET = codesEndpoint({
  staff: 'manage_codes',
  query: networkQuerySchema,
  handle: ({ ctx, input }) => inviteCodes(ctx, input.network),
});

/** `POST /console/api/invites.php { action: 'create' | 'disable', … }`: a new invite code, or one switched off. Audited. */
export const POST = codesEndpoint({
  staff: 'manage_codes',
  body: inviteActionSchema,
  handle: ({ ctx, input }) => inviteAction(ctx, input),
});
