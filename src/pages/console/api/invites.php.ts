import { networkCodeRoutes } from '../../../features/codes/codes.context.ts';
import { inviteActionSchema } from '../../../features/codes/codes.schemas.ts';
import { inviteAction, inviteCodes } from '../../../features/codes/codes.service.ts';

/**
 * `GET /console/api/invites.php?network` (manage_codes): the network's invite codes with their
 * uses. `POST /console/api/invites.php { action: 'create' | 'disable', … }`: a new invite code, or
 * one switched off. Audited.
 */
export const { GET, POST } = networkCodeRoutes(inviteActionSchema, inviteCodes, inviteAction);
