import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDirectory, mayBeStaticFile } from './serve.ts';
import { compressedAssetHandler, precompressAssets } from './static-assets.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
let client: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'kindred-assets-'));
  mkdirSync(join(client, '_astro'));
  writeFileSync(join(client, '_astro', 'app.abc123.js'), script);
  writeFileSync(join(client, '_astro', 'tiny.abc123.css'), 'a{color:red}');
  writeFileSync(join(client, '_astro', 'photo.abc123.webp'), Buffer.alloc(4096, 7));
  precompressAssets(client);
  const assets = compressedAssetHandler(client);
  server = http.createServer((req, res) => {
    if (assets(req, res)) return;
    res.writeHead(299).end('passed on');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(client, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('precompressed build assets', () => {
  it('are written for compressible files worth it, and only for those', () => {
    expect(existsSync(join(client, '_astro', 'app.abc123.js.gz'))).toBe(true);
    expect(existsSync(join(client, '_astro', 'app.abc123.js.br'))).toBe(true);
    expect(existsSync(join(client, '_astro', 'tiny.abc123.css.gz'))).toBe(false);
    expect(existsSync(join(client, '_astro', 'photo.abc123.webp.gz'))).toBe(false);
  });

  it('are served as brotli, then gzip, as the browser takes them', async () => {
    const br = await get('/_astro/app.abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/_astro/app.abc123.js?v=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    for (const res of [br, gz]) {
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['vary']).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await get('/_astro/app.abc123.js', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it.each([
    ['a client without compression', '/_astro/app.abc123.js', undefined],
    ['a client refusing both', '/_astro/app.abc123.js', 'gzip;q=0, br;q=0'],
    ['an asset not worth compressing', '/_astro/tiny.abc123.css', 'gzip, br'],
    ['an image', '/_astro/photo.abc123.webp', 'gzip, br'],
    ['a path outside the assets', '/_astro/../secret.js', 'gzip, br'],
    ['a page', '/landers/gallery', 'gzip, br'],
  ])('leave %s to the next handler', async (_name, path, accept) => {
    expect((await get(path, accept)).status).toBe(299);
  });
});

describe('the client folder of a build', () => {
  const options = { server: 'file:///build/dist/server/', client: 'file:///build/dist/client/' };

  it('is found beside the server folder the entry runs from, wherever the build was copied', () => {
    expect(clientDirectory(options, 'file:///tmp/copy/dist/server/entry.mjs')).toBe('/tmp/copy/dist/client/');
    expect(clientDirectory(options, 'file:///tmp/copy/dist/server/chunks/x.mjs')).toBe(
      '/tmp/copy/dist/client/',
    );
  });

  it('falls back to the built path when the module is not inside a server folder', () => {
    expect(clientDirectory(options, 'file:///elsewhere/x.mjs')).toBe('/build/dist/client/');
  });
});

describe('requests that may name a file of the client folder', () => {
  const names = new Set(['_astro', 'favicon.svg']);
  it.each(['/_astro/member.abc.css', '/favicon.svg', '/favicon.svg?v=2', '/%5Fastro/x.js'])(
    '%s goes to the file handler',
    (url) => expect(mayBeStaticFile(url, names)).toBe(true),
  );
  it.each(['/', '/settings', '/api/user.php', '/de/settings?x=1', '/favicon.svg.php'])(
    '%s goes straight to the pages',
    (url) => expect(mayBeStaticFile(url, names)).toBe(false),
  );
  it('leaves a malformed URL to the server, which answers 400', () => {
    expect(mayBeStaticFile('/settings%E0%A4%A', names)).toBe(true);
  });
});
