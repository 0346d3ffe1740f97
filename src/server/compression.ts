/**
 * Compression of the app's own answers (pages, API JSON, the sitemap). A lander is about 25 KB
 * gzipped and 125 KB as it leaves the renderer; on a phone on a slow network that is the
 * difference between a first paint in under a second and one in over two.
 *
 * The middleware compresses as its last step, so Astro's route cache stores the compressed bytes
 * (keyed on `Accept-Encoding` through `Vary`) and serves them again without work. Behind nginx the
 * proxy asks for identity and compresses itself (deploy/nginx/).
 *
 * gzip only: every browser takes it, and brotli at Node's default quality costs tens of
 * milliseconds a page, too much for pages rendered per request.
 */

/** Bodies smaller than this gain less than the header and the work cost. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE_TYPE =
  /^(?:text\/(?:html|css|plain|xml|javascript|calendar)|application\/(?:json|javascript|xml|manifest\+json|ld\+json|problem\+json)|image\/svg\+xml)\b/i;

/**
 * Whether `Accept-Encoding` takes an encoding (`gzip`, `br`): named with a q above 0, or not
 * named while `*` is allowed. `gzip;q=0` refuses it.
 */
export function acceptsEncoding(acceptEncoding: string | null, encoding: 'gzip' | 'br'): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.trim().toLowerCase().split(';');
    const name = rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === encoding || (encoding === 'gzip' && name === 'x-gzip')) return allowed;
    if (name === '*') star = allowed;
  }
  return star ?? false;
}

/** Whether `Accept-Encoding` takes gzip. */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return acceptsEncoding(acceptEncoding, 'gzip');
}

/** Whether an answer is worth compressing at all (its type, size and headers). */
export function compressible(method: string, response: Response): boolean {
  if (method === 'HEAD' || !response.body) return false;
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304)
    return false;
  const headers = response.headers;
  if (headers.has('content-encoding')) return false;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false;
  // Event streams must reach the browser event by event; a compressor would hold them back.
  if (!COMPRESSIBLE_TYPE.test(headers.get('content-type') ?? '')) return false;
  const length = headers.get('content-length');
  return length === null || Number(length) >= MIN_COMPRESS_BYTES;
}

function addVary(headers: Headers, name: string): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', name);
  else if (!vary.split(',').some((v) => v.trim().toLowerCase() === name.toLowerCase()))
    headers.set('vary', `${vary}, ${name}`);
}

/**
 * The answer gzip-compressed when the request takes gzip, and marked `Vary: Accept-Encoding`
 * whenever its type is compressible (so no cache hands gzip to a client that cannot read it).
 */
export function compressResponse(
  request: { method: string; headers: Pick<Headers, 'get'> },
  response: Response,
): Response {
  if (!compressible(request.method, response)) return response;
  let headers: Headers;
  try {
    addVary(response.headers, 'Accept-Encoding');
    headers = response.headers;
  } catch {
    // Immutable headers (a Response.redirect(), a fetch()): work on a copy.
    headers = new Headers(response.headers);
    addVary(headers, 'Accept-Encoding');
    response = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  if (!acceptsGzip(request.headers.get('accept-encoding'))) return response;
  const compressed = new Headers(headers);
  compressed.set('content-encoding', 'gzip');
  compressed.delete('content-length');
  // A strong validator names these exact bytes; the compressed ones are other bytes.
  const etag = compressed.get('etag');
  if (etag && !etag.startsWith('W/')) compressed.set('etag', `W/${etag}`);
  return new Response(response.body!.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers: compressed,
  });
}
