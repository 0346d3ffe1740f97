/**
 * The question a TLS proxy with on-demand certificates asks before it gets a certificate for a
 * domain it has never seen (Caddy's `on_demand_tls { ask … }`, deploy/caddy/Caddyfile):
 * `GET /_tls/ask?domain=<host>`, answered 200 only for a domain of a configured site (or its
 * `www.`) or a console host, so a new tenant file gets HTTPS on its first visit and nobody can
 * make the proxy request certificates for names that are not ours (the CA's rate limits are per
 * account). It is answered before any site is resolved, whatever the Host header says.
 *
 * Only the proxy may ask: a request from the loopback interface that no proxy forwarded, or one
 * carrying the shared secret TLS_ASK_SECRET (`&secret=`), for a proxy on another host.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type http from 'node:http';
import { isConsoleHost } from './pipeline.ts';
import type { Platform } from './platform.ts';

export const TLS_ASK_PATH = '/_tls/ask';

/** Whether a request is for the ask route (any method: others are refused there). */
export function isTlsAskRequest(url: string | undefined): boolean {
  if (!url) return false;
  const end = url.indexOf('?');
  return (end < 0 ? url : url.slice(0, end)) === TLS_ASK_PATH;
}

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function sameSecret(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and the secret's length stays unsaid.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export type TlsAskVerdict = 200 | 400 | 403 | 404 | 405;

/** The verdict on an ask: who asks (loopback or the secret), then whether the domain is ours. */
export function tlsAskVerdict(
  platform: Pick<Platform, 'env' | 'registry'>,
  request: { method: string; url: string; remoteAddress: string | undefined; forwarded: boolean },
): TlsAskVerdict {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 405;
  const query = new URLSearchParams(request.url.slice(TLS_ASK_PATH.length).replace(/^\?/, ''));
  const secret = platform.env.TLS_ASK_SECRET;
  const given = query.get('secret');
  const trusted =
    secret && given !== null
      ? sameSecret(given, secret)
      : isLoopback(request.remoteAddress) && !request.forwarded;
  if (!trusted) return 403;
  const domain = (query.get('domain') ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (!HOST_NAME.test(domain)) return 400;
  if (isConsoleHost(platform.env.CONSOLE_HOSTS, domain)) return 200;
  return platform.registry.resolveHost(domain) ? 200 : 404;
}

const BODIES: Record<TlsAskVerdict, string> = {
  200: 'ok: a configured domain\n',
  400: 'no valid ?domain= given\n',
  403: 'forbidden: ask from the loopback interface or with the shared secret\n',
  404: 'not a configured domain\n',
  405: 'GET only\n',
};

/** Answers an ask on Node's response; nothing of the page pipeline runs. */
export function serveTlsAsk(req: http.IncomingMessage, res: http.ServerResponse, platform: Platform): void {
  const status = tlsAskVerdict(platform, {
    method: req.method ?? 'GET',
    url: req.url ?? '',
    remoteAddress: req.socket.remoteAddress,
    forwarded: FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined),
  });
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : BODIES[status]);
}
