import type { APIRoute } from 'astro';
import { sitemapXml } from '../features/seo/index.ts';
import { siteOrigin } from '../server/request.ts';

/** `sitemap.xml` of the Host's site: its public pages in its languages, nothing of other sites. */
export const GET: APIRoute = ({ locals }) => {
  const origin = siteOrigin(locals.site, locals.scheme, locals.platform.env.PUBLIC_PORT);
  return new Response(sitemapXml(locals.site, origin), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
