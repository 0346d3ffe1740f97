import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressible, compressResponse, MIN_COMPRESS_BYTES } from './compression.ts';

const page = 'x'.repeat(MIN_COMPRESS_BYTES * 4);
const html = (headers: Record<string, string> = {}, body: string | null = page, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
const get = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://localhost/', {
    method,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('Accept-Encoding', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['br, *;q=0', false],
    ['identity', false],
    ['deflate, br', false],
    ['', false],
  ])('%j takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('never throws, whatever the header', () => {
    fc.assert(fc.property(fc.string(), (header) => typeof acceptsGzip(header) === 'boolean'));
  });
});

describe('what is compressed', () => {
  it.each([
    ['an HTML page', html(), 'GET', true],
    ['JSON', html({ 'content-type': 'application/json' }), 'GET', true],
    ['an SVG', html({ 'content-type': 'image/svg+xml' }), 'GET', true],
    ['a HEAD request', html(), 'HEAD', false],
    ['an event stream', html({ 'content-type': 'text/event-stream' }), 'GET', false],
    ['an image', html({ 'content-type': 'image/webp' }), 'GET', false],
    ['an answer already encoded', html({ 'content-encoding': 'br' }), 'GET', false],
    ['a no-transform answer', html({ 'cache-control': 'no-transform' }), 'GET', false],
    ['a small body', html({ 'content-length': '200' }, 'x'.repeat(200)), 'GET', false],
    ['no body', html({}, null, 204), 'GET', false],
    ['a redirect without body', html({ location: '/x' }, null, 302), 'GET', false],
  ])('%s: %s', (_name, response, method, expected) => {
    expect(compressible(method, response)).toBe(expected);
  });
});

describe('compressResponse', () => {
  it('gzips for a client that takes it, keeping status and headers', async () => {
    const res = compressResponse(
      get('gzip, br'),
      html({ 'x-kept': '1', 'content-length': String(page.length) }, page),
    );
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('x-kept')).toBe('1');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });

  it('leaves the body alone for a client that does not, but still says Vary', async () => {
    const res = compressResponse(get(), html({ vary: 'X-Country-Code' }));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('X-Country-Code, Accept-Encoding');
    expect(await res.text()).toBe(page);
  });

  it('does not repeat Vary: Accept-Encoding', () => {
    const res = compressResponse(get('gzip'), html({ vary: 'accept-encoding' }));
    expect(res.headers.get('vary')).toBe('accept-encoding');
  });

  it('weakens a strong ETag: the compressed bytes are other bytes', () => {
    expect(compressResponse(get('gzip'), html({ etag: '"abc"' })).headers.get('etag')).toBe('W/"abc"');
    expect(compressResponse(get('gzip'), html({ etag: 'W/"abc"' })).headers.get('etag')).toBe('W/"abc"');
  });

  it('copes with immutable headers (a fetch() answer)', async () => {
    const locked = html();
    Object.defineProperty(locked.headers, 'set', {
      value: () => {
        throw new TypeError('immutable');
      },
    });
    const res = compressResponse(get('gzip'), locked);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });
});
