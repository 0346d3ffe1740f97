/**
 * The client folder's files (`/_astro/*`, `favicon.svg`, …) as they are on disk, for whatever
 * the precompressed assets (static-assets.ts) do not answer: an asset to a client that takes no
 * compression, the small files of `public/`. Hashed assets are the same bytes forever; every
 * other file is revalidated by its ETag.
 */
import { createReadStream, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { ASSETS_DIR } from './static-assets.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The file a URL path names inside `root`, or undefined (outside it, a dotfile, not a file). */
function fileOf(root: string, urlPath: string): { path: string; stats: Stats } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  if (
    path
      .slice(root.length)
      .split(sep)
      .some((part) => part.startsWith('.') && part !== '.well-known')
  )
    return undefined;
  try {
    const stats = statSync(path);
    return stats.isFile() ? { path, stats } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A request handler for the files of `root`: answers GET and HEAD of a file (200, or 304 when
 * the client's copy is current) and returns false for everything else, which the app answers.
 */
export function staticFileHandler(root: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const urlPath = (req.url ?? '/').split(/[?#]/, 1)[0]!;
    if (urlPath === '/' || urlPath.endsWith('/')) return false;
    const file = fileOf(root, urlPath);
    if (!file) return false;
    const { path, stats } = file;
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers: Record<string, string | number> = {
      'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': urlPath.startsWith(`/${ASSETS_DIR}/`)
        ? // Hashed names: the same bytes forever.
          'public, max-age=31536000, immutable'
        : 'public, max-age=0',
      etag,
      'last-modified': stats.mtime.toUTCString(),
      'accept-ranges': 'none',
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': stats.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(path).pipe(res);
    return true;
  };
}
