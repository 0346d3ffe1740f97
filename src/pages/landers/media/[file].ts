import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { combineRanges, parse as parseRange, type Range } from 'range-parser';
import {
  LANDER_MEDIA_FILE,
  landerClipServable,
  landerMapSvg,
  landerMediaDir,
  landerMediaOf,
} from '../../../features/landers/index.ts';
import { serviceContext } from '../../../server/context.ts';
import { apiError } from '../../../server/http.ts';
import { onColor } from '../../../styles/brand.ts';

const TYPES: Record<string, string> = { webm: 'video/webm', webp: 'image/webp' };

/** A parse result's bit for a syntactically invalid Range (range-parser's `code`). */
const INVALID = 1;

/**
 * The one byte range to answer (range-parser reads the header as RFC 9110 says), `undefined`
 * for the whole file, or `'unsatisfiable'` (416). An invalid header, another unit, or several
 * ranges that do not join into one get the whole file: a server may ignore a Range, and video
 * players ask for one range at a time.
 */
function wantedRange(header: string | null, size: number): Range | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const parsed = parseRange(size, header);
  if (parsed.code & INVALID || parsed.type !== 'bytes') return undefined;
  if (parsed.ranges.length === 0) return 'unsatisfiable';
  const ranges = combineRanges(parsed.ranges);
  return ranges.length === 1 ? ranges[0] : undefined;
}

/**
 * Media the landers make for the requesting site only: `map.svg` (drawn per request, cached a
 * few minutes) and the video lander's clip and poster (names carry their content hash, so they
 * are cached for good), only while everyone in the clip is still public. Range requests are
 * answered, as video players ask for them.
 */
export const GET: APIRoute = async ({ params, locals, request }) => {
  const { site, t, platform } = locals;
  const file = params.file ?? '';
  if (file === 'map.svg') {
    const accent = site.brandColors.primary ?? site.theme.colors.primary;
    const svg = await landerMapSvg(
      serviceContext(locals),
      { accent, onAccent: onColor(accent, '#000000') },
      t('landers.map.title', { name: site.name }),
    );
    if (!svg) return apiError(t, 404, 'not_found');
    return new Response(svg, {
      headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
    });
  }
  if (!LANDER_MEDIA_FILE.test(file)) return apiError(t, 404, 'not_found');
  if (!(await landerClipServable(serviceContext(locals), landerMediaOf(platform.env), file))) {
    return apiError(t, 404, 'not_found');
  }
  const path = join(landerMediaDir(platform.env.dataDir, site.id), file);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return apiError(t, 404, 'not_found');
    size = info.size;
  } catch {
    return apiError(t, 404, 'not_found');
  }
  const headers: Record<string, string> = {
    'content-type': TYPES[file.split('.').pop()!]!,
    'cache-control': 'public, max-age=31536000, immutable',
    'accept-ranges': 'bytes',
  };
  const range = wantedRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  if (range) {
    const { start, end } = range;
    const stream = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream;
    return new Response(stream, {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': String(end - start + 1),
      },
    });
  }
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return new Response(stream, { headers: { ...headers, 'content-length': String(size) } });
};
