import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeResponse } from 'astro/app/node';
import { translator } from '../i18n/index.ts';
import { isLocale } from '../i18n/locales.ts';
import type { Site } from '../tenancy/site.ts';
import { bodyLimitFor } from './body.ts';
import { compressResponse } from './compression.ts';
import { isJsonType, type AnswerLocals, type SessionMember } from './endpoint.ts';
import { jsonBodyBytes } from './http.ts';
import type { Platform } from './platform.ts';
import { apiLocale, clientIp, LOCALE_COOKIE, originAllowed, readCookie, requestScheme } from './request.ts';
import { addSecurityHeaders, securityHeadersFor } from './security-headers.ts';
import { noteGateway } from './statement-count.ts';

/*
 * A member's JSON POST to one API path without the page pipeline: the busiest writes (a chat
 * send) spend more on Astro's `Request`, its pipeline and the middleware than on their own
 * work. The gateway does what the middleware and the endpoint kit do before an endpoint's
 * handler, for the usual case only, and hands everything else to the app untouched, which
 * answers it in full: an unknown host, a foreign Origin, a body that is not JSON, has no length
 * or is too large, no session or one due a write (renewal, last seen, a cookie to clear), and
 * whatever the handler declines (an input the endpoint's schema refuses, a rarer kind of call).
 * A body read by then is handed on with the request (`req.body`, which the adapter reads
 * instead of the stream), so the app sees the same bytes.
 *
 * The answer goes through the middleware's last steps (cache policy, security headers,
 * compression) and the adapter's own writer, so its status line, headers and body are the
 * app's (tests/integration/chat-gateway.test.ts compares them).
 */

/** What the gateway knows of the call: the part of `locals` the middleware would have set. */
export interface GatewayLocals extends AnswerLocals {
  locale: App.Locals['locale'];
  scheme: 'http' | 'https';
  member: SessionMember;
}

/** The session's member when resuming it writes nothing (renewal, last seen), else null. */
export type QuietMemberLookup = (
  platform: Platform,
  site: Site,
  request: { scheme: 'http' | 'https'; cookie: string | undefined; now: number },
) => Promise<SessionMember | null>;

/** The cache policy of the middleware (features/caching), applied to the gateway's answer. */
export type CachePolicy = (
  context: {
    request: { method: string; headers: Pick<Headers, 'get'> };
    url: { pathname: string };
    locals: GatewayLocals;
    cookies: { headers(): Iterator<string> };
    cache: { enabled: boolean; set(input: false): void };
  },
  response: Response,
) => Response;

export interface JsonPostGateway {
  path: string;
  member: QuietMemberLookup;
  /** The endpoint's answer to the parsed body, or undefined to let the app answer the call. */
  handle(locals: GatewayLocals, body: unknown): Promise<Response | undefined>;
  cachePolicy: CachePolicy;
}

/** Whether the request is a POST to the gateway's path (no query: the app takes those). */
export function isGatewayPost(req: IncomingMessage, gateway: Pick<JsonPostGateway, 'path'>): boolean {
  return req.method === 'POST' && req.url === gateway.path;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : null;
}

/** The locals of a call the gateway takes, or null when the app must answer it. */
async function callLocals(
  req: IncomingMessage,
  platform: Platform,
  gateway: JsonPostGateway,
): Promise<GatewayLocals | null> {
  const { env } = platform;
  const site = platform.registry.resolveHost(header(req, 'host'));
  if (!site) return null;
  if (!originAllowed(header(req, 'origin'), site, gateway.path)) return null;
  if (!isJsonType(header(req, 'content-type') ?? '')) return null;
  // A length within the limit, so the whole body can be read here; chunked bodies go on.
  const length = header(req, 'content-length');
  if (length === null || !/^\d+$/.test(length) || Number(length) > bodyLimitFor(gateway.path)) return null;
  if (req.headers['transfer-encoding'] !== undefined) return null;
  const cookie = header(req, 'cookie') ?? undefined;
  const scheme = requestScheme(header(req, 'x-forwarded-proto'), env.TRUST_PROXY, env.PUBLIC_SCHEME);
  const member = await gateway.member(platform, site, { scheme, cookie, now: platform.clock.now() });
  if (!member) return null;
  const chosen = readCookie(cookie ?? null, LOCALE_COOKIE);
  const locale = apiLocale(site, header(req, 'x-locale'), isLocale(chosen) ? chosen : undefined);
  return {
    platform,
    site,
    locale,
    t: translator(locale),
    routePath: gateway.path,
    scheme,
    clientIp: clientIp(header(req, 'x-forwarded-for'), env.TRUST_PROXY, req.socket.remoteAddress),
    member,
  };
}

/** The declared body, all of it, or null when the client went away before sending it. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  // Events rather than an async iterator: a few kilobytes at most, usually one chunk.
  return new Promise((resolve) => {
    if (req.destroyed) return resolve(null);
    const chunks: Buffer[] = [];
    const done = (body: Buffer | null) => {
      req.off('data', data).off('end', end).off('error', fail).off('close', fail);
      resolve(body);
    };
    const data = (chunk: Buffer) => chunks.push(chunk);
    const end = () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    const fail = () => done(null);
    req.on('data', data).once('end', end).once('error', fail).once('close', fail);
  });
}

/**
 * Writes the answer as the adapter's writer would (`writeResponse`: the status, the headers
 * one for one, the body); an uncompressed JSON answer in one go, without reading its stream (a
 * small one, `writtenJson`'s, has none).
 */
async function write(answer: Response, res: ServerResponse): Promise<void> {
  const bytes = jsonBodyBytes(answer);
  if (!bytes || answer.headers.has('set-cookie')) {
    // The adapter's writer reads the body: give a small answer (`writtenJson`) its bytes back.
    await writeResponse(bytes && !answer.body ? new Response(bytes, answer) : answer, res);
    return;
  }
  res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
  res.end(bytes);
}

const NO_COOKIES: { headers(): Iterator<string> } = { headers: () => [][Symbol.iterator]() };
const NO_CACHE = { enabled: false, set() {} };

/**
 * Answers the call when it is the usual case; answers false, having written nothing, when the
 * app must answer instead (with the body, if it was read, left for the app on `req.body`).
 */
export async function serveJsonPost(
  req: IncomingMessage,
  res: ServerResponse,
  platform: Platform,
  gateway: JsonPostGateway,
): Promise<boolean> {
  const locals = await callLocals(req, platform, gateway);
  if (!locals) return false;
  const bytes = await readBody(req);
  if (!bytes) {
    res.destroy();
    return true;
  }
  let answer: Response | undefined;
  try {
    const response = await gateway.handle(locals, JSON.parse(bytes.toString('utf8')));
    if (response) answer = finish(req, locals, gateway, response);
  } catch {
    // Not JSON (the app answers 422), or the gateway failed before answering: a send that went
    // through meanwhile is answered again by its client_id.
  }
  if (!answer) {
    (req as IncomingMessage & { body?: Buffer }).body = bytes;
    return false;
  }
  noteGateway(req);
  await write(answer, res);
  return true;
}

/** The middleware's last steps on an endpoint's answer: cache policy, security headers, gzip. */
function finish(
  req: IncomingMessage,
  locals: GatewayLocals,
  gateway: JsonPostGateway,
  response: Response,
): Response {
  const request = { method: 'POST', headers: { get: (name: string) => header(req, name.toLowerCase()) } };
  const policed = gateway.cachePolicy(
    { request, url: { pathname: gateway.path }, locals, cookies: NO_COOKIES, cache: NO_CACHE },
    response,
  );
  return compressResponse(
    request,
    addSecurityHeaders(policed, securityHeadersFor(locals.platform.env.PUBLIC_SCHEME)),
  );
}
