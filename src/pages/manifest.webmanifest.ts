import type { APIRoute } from 'astro';
import { iconSource, webManifest } from '../features/pwa/index.ts';

/**
 * The web app manifest of the Host's site (API.md "Away from the site"), in the language of the
 * URL (`/de/manifest.webmanifest` opens `/de/members`); made from the tenant alone.
 */
export const GET: APIRoute = async ({ locals }) => {
  const { site, locale, platform } = locals;
  const { version } = await iconSource(platform.env.tenantsDir, site);
  return new Response(JSON.stringify(webManifest(site, locale, version)), {
    headers: {
      'content-type': 'application/manifest+json; charset=utf-8',
      // A renamed brand reaches installed apps within the hour; the icons it names are immutable.
      'cache-control': 'public, max-age=3600',
    },
  });
};
