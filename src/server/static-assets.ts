/**
 * The build's hashed assets (`/_astro/*`: the signup modal's bundle, the member stylesheet, the
 * swipe deck), compressed once at build time and served in the encoding the browser takes.
 *
 * Static files on disk are served as they are (static-files.ts): the signup modal would cross a
 * phone's network as 350 KB instead of 100 KB. The build writes `.br` and `.gz` beside every
 * compressible asset (`precompressAssets`), and the server answers `/_astro/` requests from
 * them before that handler sees the request (`compressedAssetHandler`). nginx does the same with
 * `gzip_static` (deploy/nginx/).
 */
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptsEncoding } from './compression.ts';

/** Where the build puts its hashed assets, under the client folder and in the URL. */
export const ASSETS_DIR = '_astro';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Files smaller than this are served as they are. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible asset of `clientDir/_astro` (at
 * the highest levels: this runs once per build) when that saves at least a tenth.
 */
export function precompressAssets(clientDir: string): { files: number; bytes: number; compressed: number } {
  const dir = join(clientDir, ASSETS_DIR);
  let files = 0;
  let bytes = 0;
  let compressed = 0;
  for (const name of safeReaddir(dir)) {
    if (!(extname(name) in CONTENT_TYPES)) continue;
    const path = join(dir, name);
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const gz = gzipSync(body, { level: 9 });
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    if (gz.length > body.length * 0.9) continue;
    writeFileSync(`${path}.gz`, gz);
    writeFileSync(`${path}.br`, br);
    files++;
    bytes += body.length;
    compressed += br.length;
  }
  return { files, bytes, compressed };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

interface Variant {
  path: string;
  size: number;
}

interface Asset {
  type: string;
  br?: Variant;
  gz?: Variant;
}

/** The precompressed assets of a build, by URL path (`/_astro/x.js`); read once at start. */
export function precompressedAssets(clientDir: string): Map<string, Asset> {
  const dir = join(clientDir, ASSETS_DIR);
  const names = new Set(safeReaddir(dir));
  const assets = new Map<string, Asset>();
  for (const name of names) {
    const type = CONTENT_TYPES[extname(name)];
    if (!type) continue;
    const variant = (suffix: string): Variant | undefined => {
      if (!names.has(name + suffix)) return undefined;
      const path = join(dir, name + suffix);
      return { path, size: statSync(path).size };
    };
    const br = variant('.br');
    const gz = variant('.gz');
    if (!br && !gz) continue;
    assets.set(`/${ASSETS_DIR}/${name}`, { type, ...(br && { br }), ...(gz && { gz }) });
  }
  return assets;
}

/**
 * A request handler that answers `GET`/`HEAD /_astro/<asset>` with its `.br` or `.gz` when the
 * browser takes one, and returns false for everything else (static-files.ts serves it then, e.g.
 * an asset to a client that takes no compression).
 */
export function compressedAssetHandler(
  clientDir: string,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const assets = precompressedAssets(clientDir);
  return (req, res) => {
    if (assets.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = req.url ?? '';
    const path = url.split('?', 1)[0]!;
    const asset = assets.get(path);
    if (!asset) return false;
    const accept = req.headers['accept-encoding'] ?? null;
    const acceptHeader = Array.isArray(accept) ? accept.join(',') : accept;
    const [encoding, variant] =
      asset.br && acceptsEncoding(acceptHeader, 'br')
        ? (['br', asset.br] as const)
        : asset.gz && acceptsEncoding(acceptHeader, 'gzip')
          ? (['gzip', asset.gz] as const)
          : [undefined, undefined];
    if (!variant) return false;
    res.writeHead(200, {
      'content-type': asset.type,
      'content-encoding': encoding,
      'content-length': variant.size,
      vary: 'Accept-Encoding',
      // Hashed names: the same bytes forever.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(variant.path).pipe(res);
    return true;
  };
}
