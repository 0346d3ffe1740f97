/**
 * The HTTP server of the built app (`node dist/server/entry.mjs`, started by src/app/server.ts
 * once boot.ts has checked the configuration and migrated): the precompressed build assets
 * (static-assets.ts), the gateways that run the request pipeline without Astro's rendering,
 * the client folder's other files (static-files.ts), and Astro for everything else
 * (app-handler.ts).
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { basename, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  gatewayGet,
  jsonGetsByPath,
  isGatewayPost,
  serveJsonGet,
  serveJsonPost,
  type JsonGetGateway,
  type JsonPostGateway,
} from './api-gateway.ts';
import type { Pipeline } from './pipeline.ts';
import { getPlatform, type Platform } from './platform.ts';
import { isEventStreamRequest, serveEventStream } from './realtime/event-gateway.ts';
import type { NodeHandler } from './app-handler.ts';
import { Drain, drainingHandler } from './shutdown.ts';
import { compressedAssetHandler } from './static-assets.ts';
import { staticFileHandler } from './static-files.ts';
import { countingStatements, withStatementCount } from './statement-count.ts';
import { isTlsAskRequest, serveTlsAsk } from './tls-ask.ts';

/** Where the build put its folders and where it listens, as the build's configuration says. */
export interface BuildOptions {
  host: string | boolean;
  port: number;
  /** The build's server and client folders as file URLs, as they were at build time. */
  server: string;
  client: string;
}

/**
 * The client folder of this build wherever it now is (the build folder may have been copied,
 * e.g. by the benchmark): the client folder's place relative to the server folder, applied to
 * the server folder this module runs from.
 */
export function clientDirectory(options: Pick<BuildOptions, 'server' | 'client'>, moduleUrl: string): string {
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

/** How long an idle keep-alive connection stays open: longer than the pools in front of it. */
export const KEEP_ALIVE_MS = 65_000;

function listenHost(host: string | boolean): string {
  if (process.env.HOST) return process.env.HOST;
  if (typeof host === 'string') return host;
  return host ? '0.0.0.0' : 'localhost';
}

/**
 * Whether a request path may name a file of the client folder, whose top-level names are
 * `topLevel` (`_astro`, `favicon.svg`, …). Anything else is a page or an endpoint.
 */
export function mayBeStaticFile(url: string | undefined, topLevel: ReadonlySet<string>): boolean {
  if (!url) return true;
  try {
    // A malformed URL is answered 400 before it gets here.
    decodeURI(url);
    const path = url.split(/[?#]/, 1)[0]!;
    return topLevel.has(decodeURIComponent(path.slice(1).split('/', 1)[0]!));
  } catch {
    return true;
  }
}

function topLevelNames(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

/**
 * What a gateway serves without the page pipeline when it can (the event stream,
 * realtime/event-gateway.ts; a chat send or a member search, api-gateway.ts), else the app.
 */
async function gatewayOrApp(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  app: NodeHandler,
  name: string,
  gateway: (platform: Platform) => Promise<boolean>,
): Promise<void> {
  let served = false;
  const platform = await getPlatform().catch(() => undefined);
  if (platform) {
    try {
      served = await gateway(platform);
    } catch (error) {
      platform.log.warn(`${name}: the gateway failed`, { error: (error as Error).message });
    }
  }
  if (served) return;
  // Nothing was written unless the gateway failed midway (then the client tries again), and the
  // app has the request's body unless a gateway read it and failed before handing it on.
  const bodyLost = req.readableEnded && (req as { body?: unknown }).body === undefined;
  if (res.headersSent || bodyLost) res.destroy();
  else await app(req, res);
}

/** The TLS proxy's question (tls-ask.ts), before any site is resolved from the Host header. */
async function answerTlsAsk(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const platform = await getPlatform().catch(() => undefined);
  if (!platform) {
    res.writeHead(503, { 'cache-control': 'no-store' });
    res.end();
    return;
  }
  serveTlsAsk(req, res, platform);
}

/** What the composition root (src/app/) gives the server: the pipeline's parts and the gateways. */
export interface ServerParts {
  pipeline: Pipeline;
  /** JSON posts answered without Astro's rendering (api-gateway.ts). */
  jsonPosts: readonly JsonPostGateway[];
  /** Members' JSON GETs answered without Astro's rendering (api-gateway.ts). */
  jsonGets?: readonly JsonGetGateway[];
}

/**
 * Starts the server. A path whose first segment is no name in the client folder goes straight to
 * the app, without a look for a file of its name on disk.
 */
export function serve(
  app: NodeHandler,
  options: BuildOptions,
  moduleUrl: string,
  parts: ServerParts,
  /** Refuses new requests once a stop begins (shutdown.ts) and counts those in flight. */
  drain: Drain = new Drain(),
): http.Server {
  const { pipeline, jsonPosts, jsonGets = [] } = parts;
  const getsByPath = jsonGetsByPath(jsonGets);
  const clientDir = clientDirectory(options, moduleUrl);
  const assets = compressedAssetHandler(clientDir);
  const files = staticFileHandler(clientDir);
  const staticNames = topLevelNames(clientDir);
  const answer = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    if (isTlsAskRequest(req.url)) {
      void answerTlsAsk(req, res);
      return;
    }
    if (assets(req, res)) return;
    const post = req.method === 'POST' && jsonPosts.find((gateway) => isGatewayPost(req, gateway));
    const get = gatewayGet(req, getsByPath);
    if (isEventStreamRequest(req))
      void gatewayOrApp(req, res, app, 'realtime', (platform) =>
        serveEventStream(req, res, platform, pipeline),
      );
    else if (post)
      void gatewayOrApp(req, res, app, post.path, (platform) =>
        serveJsonPost(req, res, platform, pipeline, post),
      );
    else if (get)
      void gatewayOrApp(req, res, app, get.path, (platform) =>
        serveJsonGet(req, res, platform, pipeline, get),
      );
    else if (mayBeStaticFile(req.url, staticNames) && files(req, res)) return;
    else void app(req, res);
  };
  const server: http.Server = http.createServer(
    drainingHandler(
      drain,
      () => server,
      countingStatements ? (req, res) => withStatementCount(req, res, () => answer(req, res)) : answer,
    ),
  );
  // Node closes an idle keep-alive connection after 5 s. A client that pools connections (nginx's
  // upstream keepalive, a load balancer, a browser, a test's request context) may send its next
  // request on such a connection just as the close arrives and gets a reset for a request the
  // app never saw. The server outlives those pools' idle times (nginx: 60 s), so the client side
  // is the one that closes; headersTimeout must exceed keepAliveTimeout.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
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
