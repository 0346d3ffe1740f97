import { serviceContext } from '../../server/context.ts';
import { readCookie } from '../../server/request.ts';
import type { RequestStep } from '../../server/steps.ts';
import { resumeSession } from './accounts.service.ts';
import { rememberSessionUser } from './member-user.ts';
import { clearSessionCookie, isSessionToken, sessionCookieName, setSessionCookie } from './session-cookie.ts';
import { hashSecret } from './tokens.ts';

/** Puts the logged-in member (or null) into `locals.member` from the session cookie. */
export const loadSession: RequestStep = async (context) => {
  const { locals, request, cookies } = context;
  locals.member = null;
  const token = readCookie(request.headers.get('cookie'), sessionCookieName(locals.scheme));
  if (token === undefined) return undefined;
  const ctx = serviceContext(locals);
  const found = isSessionToken(token) ? await resumeSession(ctx, hashSecret(token)) : null;
  if (!found) {
    // An ended or foreign session: drop the cookie so the browser stops sending it.
    clearSessionCookie(cookies, locals.scheme);
    return undefined;
  }
  locals.member = found.member;
  rememberSessionUser(locals, found.user);
  if (found.renewedUntil !== undefined) {
    setSessionCookie(cookies, locals.scheme, { token, expiresAt: found.renewedUntil }, ctx.clock.now());
  }
  return undefined;
};
