import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLocalHost } from '../../tenancy/cli/check.ts';
import type { DomainCheck } from './sites.schemas.ts';

/*
 * "Does the domain answer?", asked from the server as a visitor would: the name is looked up
 * (DNS; `*.localhost` means the loopback address, RFC 6761, as browsers treat it), then
 * `/api/settings.php` is requested on it at the public scheme and port with a short timeout, and
 * the answer must be this site's (its name). Results are kept briefly, so reloading the page does
 * not send a burst of lookups and requests.
 */

export interface DomainProbe {
  /** The addresses of a host name; throws when there is none. */
  resolve(host: string): Promise<string[]>;
  /** GET `path` on the host at the first address; the status and body, or throws. */
  get(host: string, address: string, path: string): Promise<{ status: number; body: string }>;
}

export interface ProbeOptions {
  scheme: 'http' | 'https';
  port: number;
  timeoutMs: number;
}

/** The probe of the real network: DNS and an HTTP(S) request with the domain as Host and SNI. */
export function networkProbe(options: ProbeOptions): DomainProbe {
  return {
    resolve: (host) =>
      isIP(host)
        ? Promise.resolve([host])
        : isLocalHost(host)
          ? Promise.resolve(['127.0.0.1'])
          : new Promise((resolve, reject) =>
              dnsLookup(host, { all: true }, (error, found) =>
                error ? reject(error) : resolve(found.map((a) => a.address)),
              ),
            ),
    get: (host, address, path) =>
      new Promise((resolve, reject) => {
        // The connection goes to the address just looked up, with the domain as Host and SNI.
        const fixed: LookupFunction = (_name, opts, callback) => {
          const family = isIP(address) || 4;
          if ((opts as { all?: boolean }).all) callback(null, [{ address, family }]);
          else callback(null, address, family);
        };
        const request = (options.scheme === 'https' ? httpsRequest : httpRequest)(
          {
            host,
            port: options.port,
            path,
            method: 'GET',
            lookup: fixed,
            servername: isIP(host) ? undefined : host,
            headers: { accept: 'application/json', 'user-agent': 'kindred-console-domain-check' },
            timeout: options.timeoutMs,
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (body.length < 64_000) body += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
        request.on('error', reject);
        request.end();
      }),
  };
}

/** Whether a `/api/settings.php` answer is the named site's. */
export function answeredBy(body: string, siteName: string): boolean {
  try {
    const json = JSON.parse(body) as { settings?: { name?: unknown } };
    return json.settings?.name === siteName;
  } catch {
    return false;
  }
}

export async function checkDomain(
  probe: DomainProbe,
  domain: string,
  site: { name: string; routed: boolean },
  now: number,
): Promise<DomainCheck> {
  const result: DomainCheck = {
    domain,
    resolves: false,
    addresses: [],
    routed: site.routed,
    answers: false,
    status: null,
    error: null,
    checked_at: new Date(now).toISOString(),
  };
  try {
    result.addresses = await probe.resolve(domain);
    result.resolves = result.addresses.length > 0;
  } catch (e) {
    result.error = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    return result;
  }
  try {
    const answer = await probe.get(domain, result.addresses[0]!, '/api/settings.php');
    result.status = answer.status;
    result.answers = answer.status === 200 && answeredBy(answer.body, site.name);
    if (!result.answers)
      result.error = answer.status === 200 ? 'another site answered' : `HTTP ${answer.status}`;
  } catch (e) {
    result.error = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
  return result;
}

/** Results by domain and site name, kept `ttlMs`; a change of the site's name asks again. */
export class DomainCheckCache {
  #entries = new Map<string, { at: number; check: Promise<DomainCheck> }>();
  readonly ttlMs: number;
  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  get(key: string, now: number, run: () => Promise<DomainCheck>): Promise<DomainCheck> {
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.check;
    // Old entries go when the map grows: a console checks a handful of domains at a time.
    if (this.#entries.size > 5000) {
      for (const [k, v] of this.#entries) if (now - v.at >= this.ttlMs) this.#entries.delete(k);
    }
    const check = run();
    this.#entries.set(key, { at: now, check });
    return check;
  }
}
