/**
 * The console tests' helpers: staff made with the staff CLI (as an operator does) or in-process
 * through the same rules (fast, for the role matrix), logins with real TOTP codes at the server's
 * clock, and requests on the console's host.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { argon2Passwords } from '../../src/features/accounts/index.ts';
import { addStaff, CLI_ACTOR, type StaffContext, type StaffRole } from '../../src/features/staff/index.ts';
import { createLogger } from '../../src/server/log.ts';
import { createMemoryRateLimiter } from '../../src/server/rate-limit/index.ts';
import { loadAppSecret } from '../../src/server/secrets.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';

export const CONSOLE_HOST = 'console.localhost';
export const MINUTE = 60_000;

let counter = 0;
export function staffEmail(prefix = 'staff'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now().toString(36)}@example.org`;
}

export interface StaffLogin {
  email: string;
  password: string;
  totpSecret: string;
}

/** `npm run staff -- <args>` against the server's data folder; stdout, or throws with stderr. */
export function staffCli(
  app: ServerUnderTest,
  args: string[],
): { status: number; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [resolve('scripts/staff.ts'), ...args], {
    env: {
      ...process.env,
      DATA_DIR: app.server.dataDir,
      DATABASE_URL: app.server.databaseUrl,
      TENANTS_DIR: 'tenants',
    },
    encoding: 'utf8',
  });
  return { status: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
}

/** A staff member added with the CLI: its one-time password and TOTP secret as printed. */
export function addWithCli(
  app: ServerUnderTest,
  email: string,
  role: StaffRole,
  network?: string,
): StaffLogin {
  const run = staffCli(app, ['add', email, '--role', role, ...(network ? ['--network', network] : [])]);
  expect(run.status, run.stderr).toBe(0);
  const password = /one-time password: (\S+)/.exec(run.stdout)?.[1];
  const totpSecret = /TOTP secret:\s+(\S+)/.exec(run.stdout)?.[1];
  expect(run.stdout).toMatch(/otpauth URI:\s+otpauth:\/\/totp\//);
  return { email, password: password!, totpSecret: totpSecret! };
}

function staffContext(app: ServerUnderTest): StaffContext {
  return {
    db: app.db,
    clock: { now: () => Date.now() },
    log: createLogger('warn'),
    rateLimiter: createMemoryRateLimiter(),
    secret: loadAppSecret(undefined, app.server.dataDir),
    passwords: argon2Passwords,
    ip: null,
    networks: () => ['amber', 'curvy'],
  };
}

/** A staff member added in-process by the same rule, with their password already their own. */
export async function addDirectly(
  app: ServerUnderTest,
  role: StaffRole,
  network?: string,
  options: { mustChangePassword?: boolean } = { mustChangePassword: false },
): Promise<StaffLogin> {
  const email = staffEmail(role);
  const added = await addStaff(staffContext(app), { email, role, network }, CLI_ACTOR, options);
  return { email, password: added.password!, totpSecret: added.totpSecret! };
}

/** The id of the staff member who logs in as `email`, read from the database. */
export async function staffIdOf(app: ServerUnderTest, email: string): Promise<string> {
  const staff = await app.db
    .selectFrom('staff')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return String(staff.id);
}

/** The code of `secret` at the server's clock moved by `offsetMs`. */
export function codeAt(secret: string, offsetMs = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) });
}

export function consoleVisitor(app: ServerUnderTest): Visitor {
  return app.visitor(CONSOLE_HOST);
}

/** Password, then the current TOTP code: the staff session's cookie is in the visitor's jar. */
export async function logIn(app: ServerUnderTest, login: StaffLogin, clockOffsetMs = 0): Promise<Visitor> {
  const visitor = consoleVisitor(app);
  const first = await visitor.send('POST', '/console/api/session.php', {
    email: login.email,
    password: login.password,
  });
  expect(first.status, first.body).toBe(200);
  expect(first.json()).toEqual({ next: 'totp' });
  const second = await visitor.send('POST', '/console/api/session.php', {
    email: login.email,
    password: login.password,
    code: await codeAt(login.totpSecret, clockOffsetMs),
  });
  expect(second.status, second.body).toBe(200);
  expect(visitor.cookies.get('staff')).toBeTruthy();
  return visitor;
}

export const dataFile = (app: ServerUnderTest, name: string) => join(app.server.dataDir, name);
