/**
 * The operator console's staff (run with the project's Node: `./dev npm run staff -- <command>`):
 *
 *   add EMAIL --role ROLE [--network N]   a staff member (roles: owner, moderator, support, host);
 *                                         an owner without --network holds every network. Prints
 *                                         a one-time password (changed at the first login) and the
 *                                         TOTP secret with its otpauth:// URI, once. For someone
 *                                         who exists already, adds the role in that network.
 *   list                                  every staff member with their roles
 *   disable EMAIL                         no more logins; every session of theirs ends
 *   code EMAIL                            the current TOTP code of the demo owner (demo only)
 *   demo                                  creates the demo owner if missing and prints its login
 *                                         (used by `./dev start`; never in production)
 *
 * Reads DATABASE_URL, DATA_DIR, APP_SECRET and TENANTS_DIR like the server. Every change is in
 * the audit log, by "command line".
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { argon2Passwords } from '../src/features/accounts/index.ts';
import {
  addStaff,
  CLI_ACTOR,
  currentTotpCode,
  disableStaff,
  listStaff,
  STAFF_ROLES,
  type StaffContext,
  type StaffRole,
} from '../src/features/staff/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { DomainError } from '../src/server/errors.ts';
import { createLogger } from '../src/server/log.ts';
import { createMemoryRateLimiter } from '../src/server/rate-limit/index.ts';
import { loadAppSecret } from '../src/server/secrets.ts';
import { TenantRegistry } from '../src/tenancy/registry.ts';
import { commandLine } from './command-line.ts';

const USAGE =
  'usage: staff add EMAIL --role owner|moderator|support|host [--network N]\n' +
  '       staff list\n' +
  '       staff disable EMAIL\n' +
  '       staff code EMAIL      (demo only)\n' +
  '       staff demo            (./dev start: the demo owner)\n';

const {
  command,
  args: [email],
  values,
} = commandLine(USAGE, ['add', 'list', 'disable', 'code', 'demo'], {
  role: { type: 'string' },
  network: { type: 'string' },
});
if (['add', 'disable', 'code'].includes(command) && !email) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR ?? '.data');
/** The demo owner's login, written by `demo` (only `./dev start` runs it), read by `code`. */
const DEMO_FILE = join(dataDir, 'demo-console.json');
const DEMO_EMAIL = 'owner@console.localhost';

function networks(): string[] {
  const registry = TenantRegistry.load(
    {
      tenantsDir: resolve(process.env.TENANTS_DIR ?? 'tenants'),
      nichesDir: resolve('niches'),
      themesDir: resolve('themes'),
    },
    { info: () => {}, error: () => {} },
  );
  try {
    return [...new Set([...registry.snapshot.sites.values()].map((s) => s.network))].sort();
  } finally {
    registry.close();
  }
}

const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir });
const ctx: StaffContext = {
  db: database.db,
  clock: systemClock,
  log: createLogger('warn'),
  rateLimiter: createMemoryRateLimiter(),
  secret: loadAppSecret(process.env.APP_SECRET, dataDir),
  passwords: argon2Passwords,
  ip: null,
  networks,
};
const say = (line: string) => process.stdout.write(`${line}\n`);

try {
  await migrateToLatest(database.db);
  if (command === 'add') {
    const role = values.role as StaffRole | undefined;
    if (!role || !(STAFF_ROLES as readonly string[]).includes(role))
      throw new Error(`--role must be one of ${STAFF_ROLES.join(', ')}`);
    const added = await addStaff(ctx, { email: email!, role, network: values.network }, CLI_ACTOR);
    say(`${added.email}: ${added.role} of ${added.network === '*' ? 'every network' : added.network}`);
    if (added.password) {
      say(`one-time password: ${added.password}   (to be changed at the first login)`);
      say(`TOTP secret:       ${added.totpSecret}`);
      say(`otpauth URI:       ${added.otpauthUri}`);
      say('These are shown only now.');
    }
  } else if (command === 'list') {
    for (const staff of await listStaff(ctx, 'cli')) {
      const roles = staff.roles.map((r) => `${r.role}@${r.network === '*' ? 'every network' : r.network}`);
      say(`${staff.email}\t${staff.disabled ? 'disabled' : 'active'}\t${roles.join(', ')}`);
    }
  } else if (command === 'disable') {
    await disableStaff(ctx, email!, CLI_ACTOR);
    say(`${email}: disabled; every session has ended`);
  } else if (command === 'code') {
    // Only for the demo owner that `./dev start` made: a production console has no such file.
    const demo = existsSync(DEMO_FILE)
      ? (JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as { email: string })
      : null;
    if (!demo || demo.email !== email!.toLowerCase())
      throw new Error('staff code works only for the demo owner of ./dev start');
    say(await currentTotpCode(ctx, email!));
  } else {
    let demo = existsSync(DEMO_FILE)
      ? (JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as {
          email: string;
          password: string;
          totpSecret: string;
        })
      : null;
    const known = await database.db
      .selectFrom('staff')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirst();
    if (!demo || !known) {
      if (known)
        throw new Error(
          `${DEMO_EMAIL} exists but its demo login is lost; remove ${DEMO_FILE} and the data folder`,
        );
      // The demo keeps its printed password (no change forced at first login), so the same
      // login works on every `./dev start`.
      const added = await addStaff(ctx, { email: DEMO_EMAIL, role: 'owner' }, CLI_ACTOR, {
        mustChangePassword: false,
      });
      demo = { email: added.email, password: added.password!, totpSecret: added.totpSecret! };
      writeFileSync(DEMO_FILE, JSON.stringify(demo) + '\n', { mode: 0o600 });
    }
    say(`  e-mail       ${demo.email}`);
    say(`  password     ${demo.password}`);
    say(`  TOTP secret  ${demo.totpSecret}   (add it to an authenticator app, or:)`);
    say(`  code now     ./dev npm run staff -- code ${demo.email}`);
  }
} catch (error) {
  const fields =
    error instanceof DomainError && error.fields
      ? `: ${Object.entries(error.fields)
          .map(([field, code]) => `--${field} ${code.replace(/_/g, ' ')}`)
          .join(', ')}`
      : '';
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}${fields}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
