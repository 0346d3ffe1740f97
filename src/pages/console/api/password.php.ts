import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { passwordInputSchema } from '../../../features/staff/staff.schemas.ts';
import { changeStaffPassword } from '../../../features/staff/staff.service.ts';

/**
 * `PUT /console/api/password.php { old_password, password }` (staff, also at first login): a new
 * password of 12 characters or more; the first change answers the recovery codes, once.
 */
export const PUT = staffEndpoint({
  staff: true,
  firstLogin: true,
  body: passwordInputSchema,
  handle: ({ ctx, locals, input }) => changeStaffPassword(ctx, locals.staff!, input),
});
