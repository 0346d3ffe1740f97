import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/seo/index.ts';
import { siteOrigin } from '../server/request.ts';

/** `robots.txt` of the Host's site, pointing at that site's own sitemap. */
export const GET: APIRoute = ({ locals }) => {
  const origin = siteOrigin(locals.site, locals.scheme, locals.platform.env.PUBLIC_PORT);
  return new Response(robotsTxt(origin), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
