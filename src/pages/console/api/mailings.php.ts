import { codesEndpoint } from '../../../features/codes/codes.context.ts';
import { mailingActionSchema } from '../../../features/codes/codes.schemas.ts';
import { mailingAction, mailings } from '../../../features/codes/codes.service.ts';

/** `GET /console/api/mailings.php` (manage_codes): the mailings of the caller's networks, newest first. */
export const GET = codesEndpoint({
  staff: 'manage_codes',
  handle: ({ ctx }) => mailings(ctx),
});

/**
 * `POST /console/api/mailings.php { action: 'create', site, category, locale, subject, text }`
 * writes a mailing; `{ action: 'send', id }` sends it once to the members who have its category
 * on. Audited.
 */
export const POST = codesEndpoint({
  staff: 'manage_codes',
  body: mailingActionSchema,
  handle: ({ ctx, input }) => mailingAction(ctx, input),
});
