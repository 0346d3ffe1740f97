import { serviceContext } from '../../server/context.ts';
import { readCookie } from '../../server/request.ts';
import type { RequestStep } from '../../server/steps.ts';
import { hasTrackingParams, trackingValues, withoutTrackingParams } from './tracking.params.ts';
import { recordArrival, TRACKING_COOKIE, TRACKING_COOKIE_MAX_AGE } from './tracking.service.ts';

/**
 * Stores arriving tracking parameters (first touch per site) and removes them from the URL with
 * an uncached redirect. The cookie is set only on that redirect, so the page itself stays free
 * of Set-Cookie and cacheable, and its URL carries no affiliate data into shares or logs.
 */
export const captureTracking: RequestStep = async (context) => {
  const { request, url, locals } = context;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (url.pathname.startsWith('/api/') || !hasTrackingParams(url.searchParams)) return undefined;

  const values = trackingValues(url.searchParams);
  if (Object.keys(values).length > 0) {
    const record = await recordArrival(serviceContext(locals), {
      cookieId: readCookie(request.headers.get('cookie'), TRACKING_COOKIE),
      values,
      landingPath: url.pathname,
      ip: locals.clientIp,
    });
    if (record?.created) {
      context.cookies.set(TRACKING_COOKIE, record.id, {
        path: '/',
        maxAge: TRACKING_COOKIE_MAX_AGE,
        httpOnly: true,
        sameSite: 'lax',
        secure: locals.scheme === 'https',
      });
    }
  }
  return new Response(null, {
    status: 302,
    headers: {
      location: url.pathname + withoutTrackingParams(url.searchParams),
      'cache-control': 'no-store',
    },
  });
};
