import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { apiError } from '../../server/http.ts';

/** `<network>/<shard>/<file>.webp`: nothing else can name a file (no traversal, no other types). */
const MEDIA_PATH = /^([a-z0-9][a-z0-9-]{0,62})\/([a-z0-9]{2})\/([a-z0-9]+-(?:main|thumb|match|blur)\.webp)$/;

/**
 * Images from DATA_DIR/uploads. A site serves only its own network's files, so one brand's
 * domain never exposes another network's members. Names are random and never reused, so
 * responses are cached for good.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const match = MEDIA_PATH.exec(params.path ?? '');
  if (!match || match[1] !== locals.site.network) return apiError(locals.t, 404, 'not_found');
  const file = join(locals.platform.env.dataDir, 'uploads', match[1], match[2]!, match[3]!);
  try {
    const info = await stat(file);
    if (!info.isFile()) return apiError(locals.t, 404, 'not_found');
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: {
        'content-type': 'image/webp',
        'content-length': String(info.size),
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  } catch {
    return apiError(locals.t, 404, 'not_found');
  }
};
