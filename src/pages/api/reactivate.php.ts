import { accountsEndpoint } from '../../features/accounts/accounts.context.ts';
import { reactivateInputSchema } from '../../features/accounts/accounts.schemas.ts';
import { reactivate } from '../../features/accounts/accounts.service.ts';
import { sendDeviceCookieFor } from '../../features/accounts/device-cookie.ts';
import { sendSessionCookie } from '../../features/accounts/session-cookie.ts';

/** `POST /api/reactivate.php { token }`: `{ user }`, logged in; 400 `link_invalid` after 14 days. */
export const POST = accountsEndpoint({
  body: reactivateInputSchema,
  async handle({ context, ctx, input }) {
    const { user, session } = await reactivate(ctx, input);
    sendSessionCookie(context, session);
    sendDeviceCookieFor(context, user.id);
    return { user };
  },
});
