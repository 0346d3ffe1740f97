import { defineMiddleware } from 'astro:middleware';
import { translator } from './i18n/index.ts';
import { isLocale, type Locale } from './i18n/locales.ts';
import { assertDeclaredLength, bodyLimitFor } from './server/body.ts';
import { failureResponse } from './server/endpoint.ts';
import { platformError } from './server/errors.ts';
import { getPlatform } from './server/platform.ts';
import {
  apiLocale,
  clientIp,
  LOCALE_COOKIE,
  localePath,
  originAllowed,
  readCookie,
  requestScheme,
  rootLocaleRedirect,
  routeLocale,
  SAFE_METHODS,
  visitorCountry,
} from './server/request.ts';
import { compressResponse } from './server/compression.ts';
import { addSecurityHeaders, securityHeadersFor } from './server/security-headers.ts';
import type { RequestStep } from './server/steps.ts';
import { loadSession } from './features/accounts/accounts.middleware.ts';
import { renderMemberPage } from './features/accounts/accounts.page-template.ts';
import { captureTracking } from './features/tracking/tracking.middleware.ts';
import { applyCachePolicy } from './features/caching/caching.middleware.ts';

/** Feature steps, in order, after the site and locale are known (see server/steps.ts). */
const STEPS: RequestStep[] = [captureTracking, loadSession];

/** An unknown host names no brand: a plain page, the same for every host. */
function unknownHost(): Response {
  return new Response(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>404 Not Found</title><h1>404 Not Found</h1><p>There is no site at this address.</p></html>',
    { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );
}

function redirect(location: string, status: 301 | 302 | 303 | 308): Response {
  // Locale redirects depend on cookies and configuration: never cache the temporary ones.
  const cache = status === 301 || status === 308 ? 'public, max-age=3600' : 'no-store';
  return new Response(null, { status, headers: { location, 'cache-control': cache } });
}

/**
 * Every request: Host → site (one map lookup), locale from the URL, origin check on mutations,
 * security headers on every answer.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // A page's Astro.rewrite() (e.g. to /404) runs the middleware again for the new path: the
  // request's site, locale and member are already known and must stay as they were.
  if (context.locals.site) return next();
  const platform = await getPlatform();
  const { request, url } = context;
  const headers = request.headers;
  const { env } = platform;
  const headersOf = securityHeadersFor(env.PUBLIC_SCHEME);
  const withSecurityHeaders = (response: Response) => addSecurityHeaders(response, headersOf);
  const site = platform.registry.resolveHost(headers.get('host'));
  if (!site) return withSecurityHeaders(unknownHost());

  const cookieHeader = headers.get('cookie');
  const cookieLocale = readCookie(cookieHeader, LOCALE_COOKIE);
  const chosenLocale: Locale | undefined = isLocale(cookieLocale) ? cookieLocale : undefined;
  const isApi = url.pathname.startsWith('/api/');

  let locale: Locale;
  let routePath = url.pathname;
  if (isApi) {
    // API answers speak the visitor's language: the client's header, the chosen locale, the site's.
    locale = apiLocale(site, headers.get('x-locale'), chosenLocale);
  } else {
    if (url.pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      const target = rootLocaleRedirect(site, cookieLocale);
      if (target) return withSecurityHeaders(redirect(localePath(target, '/') + url.search, 302));
    }
    const route = routeLocale(url.pathname, url.search, site);
    if (route.kind === 'redirect')
      return withSecurityHeaders(redirect(route.location, route.permanent ? 301 : 302));
    locale = route.locale;
    routePath = route.kind === 'serve' ? route.path : '/404';
  }

  const visitor = visitorCountry(headers.get(env.GEO_COUNTRY_HEADER), env.TRUST_PROXY, site);
  const locals = context.locals;
  locals.platform = platform;
  locals.site = site;
  locals.locale = locale;
  locals.t = translator(locale);
  locals.routePath = routePath;
  locals.country = visitor.country;
  locals.countryKnown = visitor.known;
  locals.scheme = requestScheme(headers.get('x-forwarded-proto'), env.TRUST_PROXY, env.PUBLIC_SCHEME);
  locals.clientIp = clientIp(headers.get('x-forwarded-for'), env.TRUST_PROXY, context.clientAddress);
  locals.chosenLocale = chosenLocale;

  if (!SAFE_METHODS.has(request.method)) {
    try {
      if (!originAllowed(headers.get('origin'), site, url.pathname)) throw platformError('forbidden_origin');
      // A body that says it is too large is refused before any of it is read.
      assertDeclaredLength(headers, bodyLimitFor(url.pathname));
    } catch (error) {
      return withSecurityHeaders(failureResponse(locals, error));
    }
  }

  for (const step of STEPS) {
    const early = await step(context);
    if (early) return withSecurityHeaders(applyCachePolicy(context, early));
  }

  const render = () => (!isApi && routePath !== url.pathname ? next(routePath + url.search) : next());
  const response = isApi ? await render() : await renderMemberPage(context, render);
  // Compressed last, so the route cache stores (and serves again) the compressed bytes.
  return compressResponse(request, withSecurityHeaders(applyCachePolicy(context, response)));
});
