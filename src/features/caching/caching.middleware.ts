import type { APIContext } from 'astro';
import type { Site } from '../../tenancy/site.ts';
import {
  cacheDecision,
  cookieDependence,
  mergeVary,
  networkTag,
  PERSONAL_CACHE_CONTROL,
  SHARED_CACHE_CONTROL,
  SHARED_FRESH_SECONDS,
  type CookieDependence,
} from './caching.policy.ts';

/** How the cookies of a request to a site bear on its answer (see caching.policy.ts). */
export function requestCookieDependence(
  request: { headers: Pick<Headers, 'get'> },
  pathname: string,
  site: Site,
): CookieDependence | undefined {
  return cookieDependence(request.headers.get('cookie'), pathname, {
    signupsNeedTrafficSource: site.signups === 'with_trafficsource',
  });
}

/**
 * What the cache policy reads of a request: its context, or the part of one a gateway
 * (server/api-gateway.ts) has, which sets no cookie and has no route cache.
 */
export interface PolicyContext {
  request: { method: string; headers: Pick<Headers, 'get'> };
  url: { pathname: string };
  locals: Pick<App.Locals, 'routePath' | 'site' | 'platform'>;
  cookies: { headers(): Iterator<string> };
  cache: Pick<APIContext['cache'], 'enabled' | 'set'>;
}

function setsCookie(context: PolicyContext, response: Response): boolean {
  if (response.headers.has('set-cookie')) return true;
  return !context.cookies.headers().next().done;
}

/** Sets headers; a Response made by `Response.redirect()` or `fetch()` has read-only ones: copy it then. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  try {
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  } catch {
    target = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  }
  return target;
}

/**
 * Response post-processing of the middleware, once the page or endpoint has answered: says how
 * long the answer may be shared (`Cache-Control`, `Vary`) and hands shareable pages to Astro's
 * route cache (tagged by network, so a tenant change drops them). Answers that depend on a
 * session, or that set a cookie, are marked `private, no-store` and never stored.
 */
export function applyCachePolicy(context: PolicyContext, response: Response): Response {
  const { locals, request } = context;
  const decision = cacheDecision({
    method: request.method,
    routePath: locals.routePath,
    cookieDependence: requestCookieDependence(request, context.url.pathname, locals.site),
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    contentType: response.headers.get('content-type'),
    setsCookie: setsCookie(context, response),
  });
  if (decision === 'as_is') return response;

  if (decision === 'personal') {
    if (context.cache.enabled) context.cache.set(false);
    return withHeaders(response, { 'cache-control': PERSONAL_CACHE_CONTROL });
  }

  const headers: Record<string, string> = { 'cache-control': SHARED_CACHE_CONTROL };
  const { env } = locals.platform;
  if (env.TRUST_PROXY) {
    // Behind a trusted proxy the page's links follow the forwarded scheme and its entry warning
    // the forwarded country: one cached copy per value of each.
    headers.vary = mergeVary(response.headers.get('vary'), [env.GEO_COUNTRY_HEADER, 'X-Forwarded-Proto']);
  }
  const answer = withHeaders(response, headers);
  if (context.cache.enabled) {
    context.cache.set({
      maxAge: SHARED_FRESH_SECONDS,
      tags: [networkTag(locals.site.network)],
    });
  }
  return answer;
}
