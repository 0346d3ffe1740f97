import type { AstroGlobal } from 'astro';
import type { Locale } from '../../i18n/locales.ts';
import { localePath, sameSitePath } from '../../server/request.ts';

/**
 * Server helpers for the account pages: who may see them, and where they lead afterwards.
 */

/** A path of this site only, safe in a `Location` header (see `sameSitePath`). */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  return sameSitePath(next, fallback);
}

/** `/login?next=…`, back to `next` after logging in (spec §4: pages that need login). */
export function loginPath(locale: Locale, next?: string): string {
  const login = localePath(locale, '/login');
  return next ? `${login}?next=${encodeURIComponent(next)}` : login;
}

/** The members page, where logging in leads (spec §4 Auth). */
export function membersPath(locale: Locale): string {
  return localePath(locale, '/members');
}

/**
 * For pages that only a member may see: the redirect to log in and come back, or undefined
 * when a member is logged in. Such pages are personal: never cached by anyone.
 */
export function requireMember(astro: AstroGlobal): Response | undefined {
  astro.response.headers.set('cache-control', 'private, no-store');
  if (astro.locals.member) return undefined;
  return astro.redirect(loginPath(astro.locals.locale, astro.url.pathname + astro.url.search), 303);
}

/** For pages a member has no use for (login, signup): on to the members page. */
export function redirectMember(astro: AstroGlobal): Response | undefined {
  astro.response.headers.set('cache-control', 'private, no-store');
  return astro.locals.member ? astro.redirect(membersPath(astro.locals.locale), 303) : undefined;
}
