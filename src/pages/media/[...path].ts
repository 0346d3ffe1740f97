import type { APIRoute } from 'astro';
import { photoFileWithdrawn } from '../../features/profiles/index.ts';
import { serviceContext } from '../../server/context.ts';
import { apiError } from '../../server/http.ts';

/** `<network>/<shard>/<file>.webp`: nothing else can name a file (no traversal, no other types). */
const MEDIA_PATH = /^([a-z0-9][a-z0-9-]{0,62})\/([a-z0-9]{2})\/([a-z0-9]+-(?:main|thumb|match|blur)\.webp)$/;

/**
 * Images from the platform's file storage (DATA_DIR/uploads by default): the one way a stored
 * file reaches a browser. A site serves only its own network's files, so one brand's domain
 * never exposes another network's members. Names are random and never reused, so responses are
 * cached for good. A member who deleted their account is no longer shown: their photos answer
 * 404 from that moment, though the files wait for the erasure (the account may come back).
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const path = params.path ?? '';
  const match = MEDIA_PATH.exec(path);
  if (!match || match[1] !== locals.site.network) return apiError(locals.t, 404, 'not_found');
  try {
    if (await photoFileWithdrawn(serviceContext(locals), path)) return apiError(locals.t, 404, 'not_found');
    const file = await locals.platform.storage.stream(path);
    if (!file) return apiError(locals.t, 404, 'not_found');
    return new Response(file.body, {
      headers: {
        'content-type': 'image/webp',
        'content-length': String(file.size),
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  } catch {
    return apiError(locals.t, 404, 'not_found');
  }
};
