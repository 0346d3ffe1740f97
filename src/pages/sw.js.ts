import type { APIRoute } from 'astro';
import { SERVICE_WORKER } from '../features/pwa/index.ts';

/**
 * The service worker of every site (scope `/`), the same bytes on every host: what it knows of
 * the site it learns from the site's own answers. Always checked again (`no-cache`), so a new
 * build reaches installed apps on their next visit; at the root on every site, whatever its
 * languages (a redirect would fail the registration, see `routeLocale`).
 */
export const GET: APIRoute = () =>
  new Response(SERVICE_WORKER.source, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      // The worker's own policy: it talks to its own site only.
      'content-security-policy': "default-src 'self'",
    },
  });
