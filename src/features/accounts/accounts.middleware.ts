import { serviceContext } from '../../server/context.ts';
import { readCookie } from '../../server/request.ts';
import type { ArrivalLocals, QuietRequest } from '../../server/pipeline.ts';
import type { RequestStep } from '../../server/steps.ts';
import { resumeSession } from './accounts.service.ts';
import { quietSession } from './accounts.session.service.ts';
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

/**
 * `loadSession` without Astro and writing nothing, for the built server's gateways: the member
 * when resuming the session writes nothing (no renewal, no last seen mark, no cookie to clear),
 * remembered with the account read together with the session, as `loadSession` does. False when
 * there is no such session: the app then runs `loadSession` in full.
 */
export async function loadSessionQuietly(locals: ArrivalLocals, request: QuietRequest): Promise<boolean> {
  const found = await quietSession(locals.platform.dbFor(locals.site.network), locals.site, {
    scheme: locals.scheme,
    cookie: request.cookie,
    now: request.now,
  });
  if (!found) return false;
  locals.member = found.member;
  // The locals the gateway answers with: the arrival's, now with the member.
  const answering = locals as App.Locals;
  rememberSessionUser(answering, () => found.user(serviceContext(answering)));
  return true;
}
