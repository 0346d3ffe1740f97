/**
 * The HTTP server of the built app (`node dist/server/entry.mjs`), in place of the Node
 * adapter's own: the same adapter handler (static files, then Astro), behind one step of ours,
 * the precompressed build assets (static-assets.ts). astro.config.mjs appends the call to the
 * adapter's server module; boot-entry.ts has checked the configuration and migrated by then.
 */
import http from 'node:http';
import { basename, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedAssetHandler } from './static-assets.ts';

type AdapterHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

interface AdapterOptions {
  host: string | boolean;
  port: number;
  /** The build's server and client folders as file URLs, as they were at build time. */
  server: string;
  client: string;
}

/**
 * The client folder of this build wherever it now is (the build folder may have been copied,
 * e.g. by the benchmark): the client folder's place relative to the server folder, applied to
 * the server folder this module runs from. The adapter finds it the same way.
 */
export function clientDirectory(
  options: Pick<AdapterOptions, 'server' | 'client'>,
  moduleUrl: string,
): string {
  const builtServer = fileURLToPath(options.server);
  const rel = relative(builtServer, fileURLToPath(options.client));
  const serverFolder = basename(builtServer);
  let dir = dirname(fileURLToPath(moduleUrl));
  while (basename(dir) !== serverFolder) {
    const parent = dirname(dir);
    if (parent === dir) return fileURLToPath(options.client);
    dir = parent;
  }
  return fileURLToPath(new URL(`${rel}/`, `file://${dir}/`));
}

function listenHost(host: string | boolean): string {
  if (process.env.HOST) return process.env.HOST;
  if (typeof host === 'string') return host;
  return host ? '0.0.0.0' : 'localhost';
}

export function serve(handler: AdapterHandler, options: AdapterOptions, moduleUrl: string): http.Server {
  const assets = compressedAssetHandler(clientDirectory(options, moduleUrl));
  const server = http.createServer((req, res) => {
    if (assets(req, res)) return;
    void handler(req, res);
  });
  const port = process.env.PORT ? Number(process.env.PORT) : options.port;
  const host = listenHost(options.host);
  server.listen(port, host, () => {
    const address = server.address();
    const shown = typeof address === 'object' && address ? address.port : port;
    const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    // Tests and scripts/start.ts wait for this line.
    process.stdout.write(`Server listening on http://${name}:${shown}\n`);
  });
  return server;
}
