/**
 * A visitor as a browser is one to the server (one site, one address, the cookies it was given),
 * and the test clock the server reads on every request (KINDRED_TEST_CLOCK).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RequestOptions, TestResponse, TestServer } from './server.ts';

/** Moves the server's clock to `offsetMs` after the real time (not cumulative). */
export function setClockOffset(server: Pick<TestServer, 'dataDir'>, offsetMs: number): void {
  writeFileSync(join(server.dataDir, 'test-clock-offset-ms'), String(Math.round(offsetMs)));
}

let ipCounter = 0;
/** A fresh client address per visitor, so per-IP limits of one test do not spill into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** A browser: one site, one address, the cookies it was given. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  readonly server: TestServer;
  readonly host: string;
  ip: string;

  constructor(server: TestServer, host = 'localhost', ip = freshIp()) {
    this.server = server;
    this.host = host;
    this.ip = ip;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    const jar = this.cookieHeader();
    if (jar && !Object.keys(headers).some((h) => h.toLowerCase() === 'cookie')) headers.cookie = jar;
    const response = await this.server.request(path, { host: this.host, ...options, headers });
    for (const line of response.cookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request(path, { headers });
  }

  send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    return this.request(path, { method, body, headers });
  }

  /** The session cookie's value (http: `session`). */
  get session(): string | undefined {
    return this.cookies.get('session');
  }
}

/** A member with a session: what `expectLoggedIn` checks. */
export interface Member {
  memberId: string;
  /** `session=<token>`, for a Cookie header (plain http). */
  cookie: string;
}

/** Proves the session is one the server accepts: `/api/user.php` answers with that member. */
export async function expectLoggedIn(server: TestServer, host: string, member: Member): Promise<void> {
  const res = await server.request('/api/user.php', {
    host,
    headers: { cookie: member.cookie, 'x-client-request': '1' },
  });
  expect(res.status).toBe(200);
  expect(res.json<{ user: { id: string } | null }>().user?.id).toBe(member.memberId);
}
