/**
 * What the accounts tests share: the options of their server, the signup form's fields, the
 * current user, and the outbox as a list of decoded e-mails.
 */
import { expect } from 'vitest';
import { mailsTo, readOutbox, type Mail } from '../support/outbox.ts';
import type { TestResponse, TestServer } from '../support/server.ts';
import type { ServerUnderTest, UseServerOptions } from '../support/use-server.ts';
import { Visitor } from '../support/visitor.ts';

export { freshIp, setClockOffset, Visitor } from '../support/visitor.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The accounts tests' server (`useServer(ACCOUNTS_SERVER)`): its clock moves (lockouts, links,
 * the 14-day erasure) and it believes X-Forwarded-For, so each visitor has an address of its own.
 */
export const ACCOUNTS_SERVER = { clock: true, trustProxy: true } as const satisfies UseServerOptions;
/** The same, as environment for a second server a test starts itself. */
export const ACCOUNTS_ENV = { KINDRED_TEST_CLOCK: '1', TRUST_PROXY: '1' };

/** An API error answer (API.md), with the fields the accounts endpoints add. */
export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
  field_messages?: Record<string, string>;
  minutes?: number;
  retry_after?: number;
  reason?: string;
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
  time_zone: string | null;
  dismissed: Record<string, number>;
  profile: { id: string; name: string; country: string; status: string; main_image: unknown };
}

/** A login through the API (POST /api/user.php) from `visitor`. */
export function login(visitor: Visitor, email: string, password: string): Promise<TestResponse> {
  return visitor.send('POST', '/api/user.php', { email, password });
}

/** A password change through the API (PUT /api/account.php); `extra` adds e.g. keep_current_session. */
export function changePassword(
  visitor: Visitor,
  oldPassword: string,
  password: string,
  extra: { keep_current_session?: boolean } = {},
): Promise<TestResponse> {
  return visitor.send('PUT', '/api/account.php', { old_password: oldPassword, password, ...extra });
}

/** An address change through the API (PUT /api/account.php): the link goes to `email`. */
export function changeEmail(visitor: Visitor, email: string, password: string): Promise<TestResponse> {
  return visitor.send('PUT', '/api/account.php', { email, password });
}

/** A deletion through the API (DELETE /api/account.php), confirmed with the password. */
export function deleteAccount(visitor: Visitor, password: string, reason: string, comment?: string) {
  return visitor.send('DELETE', '/api/account.php', { password, reason, comment });
}

export async function currentUser(visitor: Visitor): Promise<ApiUser | null> {
  const response = await visitor.get('/api/user.php', { 'x-client-request': '1' });
  expect(response.status).toBe(200);
  return response.json<{ user: ApiUser | null }>().user;
}

/** Who the server sees behind the session cookie `token`, sent afresh: null once that session ended. */
export function userOfSession(app: Pick<ServerUnderTest, 'visitor'>, token: string): Promise<ApiUser | null> {
  const replay = app.visitor();
  replay.cookies.set('session', token);
  return currentUser(replay);
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

/**
 * The first demo member of `localhost` logged in (the seed's likes, matches and chats are theirs),
 * and another member's active profile of the site, for the pages that show one.
 */
export async function demoMemberWithOther(
  app: Pick<ServerUnderTest, 'server' | 'db'>,
): Promise<{ member: Visitor; other: string }> {
  const member = new Visitor(app.server);
  const answer = await member.send('POST', '/api/user.php', {
    email: 'demo+localhost-1@example.invalid',
    password: 'demo-password-2026',
  });
  expect(answer.status, answer.body).toBe(200);
  const own = answer.json<{ user: { profile: { id: string } } }>().user.profile.id;
  const profile = await app.db
    .selectFrom('profiles')
    .select('id')
    .where('site_id', '=', 'localhost')
    .where('member_id', 'is not', null)
    .where('id', '!=', own)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { member, other: profile.id };
}
