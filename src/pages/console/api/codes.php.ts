import { networkCodeRoutes } from '../../../features/codes/codes.context.ts';
import { discountActionSchema } from '../../../features/codes/codes.schemas.ts';
import { discountAction, discountCodes } from '../../../features/codes/codes.service.ts';

/**
 * `GET /console/api/codes.php?network` (manage_codes): the network's discount code batches with
 * their uses. `POST /console/api/codes.php { action: 'create', kind: 'single' | 'multi', … }`
 * makes a batch (the generated single-use codes are in this answer only); `{ action: 'disable',
 * network, id }` switches one off. Audited.
 */
export const { GET, POST } = networkCodeRoutes(discountActionSchema, discountCodes, discountAction);
