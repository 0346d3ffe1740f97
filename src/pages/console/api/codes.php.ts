import { codesEndpoint } from '../../../features/codes/codes.context.ts';
import { discountActionSchema, networkQuerySchema } from '../../../features/codes/codes.schemas.ts';
import { discountAction, discountCodes } from '../../../features/codes/codes.service.ts';

/** `GET /console/api/codes.php?network` (manage_codes): the network's discount code batches with their uses. */
export const GET = codesEndpoint({
  staff: 'manage_codes',
  query: networkQuerySchema,
  handle: ({ ctx, input }) => discountCodes(ctx, input.network),
});

/**
 * `POST /console/api/codes.php { action: 'create', kind: 'single' | 'multi', … }` makes a batch
 * (the generated single-use codes are in this answer only); `{ action: 'disable', network, id }`
 * switches one off. Audited.
 */
export const POST = codesEndpoint({
  staff: 'manage_codes',
  body: discountActionSchema,
  handle: ({ ctx, input }) => discountAction(ctx, input),
});
