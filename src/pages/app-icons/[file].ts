import type { APIRoute } from 'astro';
import { isIconKind, siteIcon } from '../../features/pwa/index.ts';
import { apiError } from '../../server/http.ts';

/** `<version>-<kind>.png`: nothing else names an icon. */
const ICON_FILE = /^([0-9a-f]{16})-([a-z0-9-]+)\.png$/;

/**
 * The Host's site's app icons (the manifest and `apple-touch-icon` name them). An icon's name
 * carries the version of what it is drawn from, so it is the same bytes forever; an old
 * version's name answers 404.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const match = ICON_FILE.exec(params.file ?? '');
  const kind = match?.[2];
  if (!match || !kind || !isIconKind(kind)) return apiError(locals.t, 404, 'not_found');
  const { env } = locals.platform;
  const icon = await siteIcon({ dataDir: env.dataDir, tenantsDir: env.tenantsDir }, locals.site, kind);
  if (icon.version !== match[1]) return apiError(locals.t, 404, 'not_found');
  return new Response(new Uint8Array(icon.png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(icon.png.length),
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
};
