/**
 * What the accounts tests share: a server with a movable clock, a browser-like cookie jar per
 * visitor, the outbox as a list of decoded e-mails, and the SQLite file for what HTTP cannot see.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { mailsTo, readOutbox, type Mail } from '../support/outbox.ts';
import {
  startServer,
  type RequestOptions,
  type StartOptions,
  type TestResponse,
  type TestServer,
} from '../support/server.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A server whose clock the test moves (KINDRED_TEST_CLOCK) and which believes X-Forwarded-For. */
export function startAccountsServer(options: StartOptions = {}): Promise<TestServer> {
  return startServer({ ...options, env: { KINDRED_TEST_CLOCK: '1', TRUST_PROXY: '1', ...options.env } });
}

/** Moves the server's clock to `offsetMs` after the real time (not cumulative). */
export function setClockOffset(server: TestServer, offsetMs: number): void {
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

export interface SignupFields {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
  [field: string]: unknown;
}

let emailCounter = 0;
/** A unique address for this test process. */
export function uniqueEmail(prefix = 'member'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${emailCounter}.${Date.now().toString(36)}@example.org`;
}

export function signupFields(overrides: Partial<SignupFields> = {}): SignupFields {
  return {
    email: uniqueEmail(),
    name: 'Robin',
    password: 'blue tulips at dawn 42',
    date_of_birth: '1990-05-17',
    ...overrides,
  };
}

/** Signs a visitor up (201 expected) and answers the `user` and the fields used. */
export async function signUp(visitor: Visitor, overrides: Partial<SignupFields> = {}) {
  const fields = signupFields(overrides);
  const response = await visitor.send('POST', '/api/signup.php', fields);
  expect(response.status, response.body).toBe(201);
  return { fields, user: response.json<{ user: ApiUser }>().user };
}

export interface ApiUser {
  id: string;
  email: string;
  status: string;
  language: string;
  invisible: boolean;
  private: boolean;
  notifications_disabled: string[];
  profile: { id: string; name: string; country: string; status: string; main_image: unknown };
}

export async function currentUser(visitor: Visitor): Promise<ApiUser | null> {
  const response = await visitor.get('/api/user.php', { 'x-client-request': '1' });
  expect(response.status).toBe(200);
  return response.json<{ user: ApiUser | null }>().user;
}

/* The outbox ------------------------------------------------------------------------------------ */

export type { Mail };

/** Every e-mail in the server's outbox, oldest first. */
export function outbox(server: TestServer): Mail[] {
  return readOutbox(server.dataDir);
}

/** The newest e-mail to an address (fails the test when there is none). */
export function lastMailTo(server: TestServer, address: string): Mail {
  const mails = mailsTo(server.dataDir, address);
  expect(mails.length, `no e-mail to ${address}`).toBeGreaterThan(0);
  return mails.at(-1)!;
}

/** The first link in a mail's text whose path starts with `path`, as path + query. */
export function linkIn(mail: Mail, path: string): { url: URL; pathAndQuery: string; token: string } {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const found = links
    .map((l) => new URL(l))
    .find((u) => u.pathname.startsWith(path) || u.pathname.replace(/^\/[a-z]{2}\//, '/').startsWith(path));
  expect(found, `no ${path} link in:\n${mail.text}`).toBeDefined();
  return {
    url: found!,
    pathAndQuery: found!.pathname + found!.search,
    token: found!.searchParams.get('token') ?? '',
  };
}

/* The database ---------------------------------------------------------------------------------- */

/** The server's SQLite file, opened for one look (WAL: reads do not disturb the server). */
export function withDatabase<T>(server: TestServer, look: (db: Database.Database) => T): T {
  const db = new Database(join(server.dataDir, 'kindred.sqlite'));
  try {
    return look(db);
  } finally {
    db.close();
  }
}
