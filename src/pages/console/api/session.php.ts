import { clearStaffCookie, setStaffCookie } from '../../../features/staff/staff.cookie.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { loginInputSchema } from '../../../features/staff/staff.schemas.ts';
import { login, logout, resumeStaffSession, staffSelf } from '../../../features/staff/staff.service.ts';
import { staffError } from '../../../features/staff/staff.errors.ts';

/**
 * `POST /console/api/session.php { email, password, code? | recovery_code? }`: with the password
 * alone `{ next: 'totp' }`; with a code, the staff session (cookie) and `{ staff }`. 401
 * `login_failed` / `code_invalid`, 403 `staff_disabled`, 429 `account_locked` (docs/console.md).
 */
export const POST = staffEndpoint({
  body: loginInputSchema,
  async handle({ context, ctx, locals, input }) {
    const outcome = await login(ctx, input);
    if ('next' in outcome) return outcome;
    setStaffCookie(context.cookies, locals.scheme, outcome.session, ctx.clock.now());
    const staff = await resumeStaffSession(ctx.db, outcome.session.token, ctx.clock.now());
    if (!staff) throw staffError('login_failed');
    return { staff: await staffSelf(ctx, staff) };
  },
});

/** `GET /console/api/session.php`: `{ staff }` of the session, or `{ staff: null }`. */
export const GET = staffEndpoint({
  async handle({ ctx, locals }) {
    return { staff: locals.staff ? await staffSelf(ctx, locals.staff) : null };
  },
});

/** `DELETE /console/api/session.php`: ends the staff session. */
export const DELETE = staffEndpoint({
  staff: true,
  firstLogin: true,
  async handle({ context, ctx, locals }) {
    await logout(ctx, locals.staff!);
    clearStaffCookie(context.cookies, locals.scheme);
    return { ok: true };
  },
});
