import type { APIRoute } from 'astro';
import { isLocale } from '../../i18n/locales.ts';
import { seeOther } from '../../server/http.ts';
import { localePath, sameSitePath, setLocaleCookie } from '../../server/request.ts';

/**
 * The language switcher's link: remembers the choice in a cookie for 365 days (spec §4) and
 * returns to the page in that language. Only this explicit choice sets the cookie; visiting a
 * prefixed URL does not, so pages stay cacheable.
 */
export const GET: APIRoute = ({ url, locals, cookies }) => {
  const { site } = locals;
  const asked = url.searchParams.get('locale');
  const locale = isLocale(asked) && site.locales.includes(asked) ? asked : undefined;
  const safeNext = sameSitePath(url.searchParams.get('next') ?? '/', locale ? localePath(locale, '/') : '/');
  if (locale) setLocaleCookie(cookies, locale, locals.scheme);
  return seeOther(safeNext);
};
