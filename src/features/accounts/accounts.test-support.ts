/**
 * A service context for unit tests of the accounts rules: an in-memory SQLite database with
 * the real migrations, a real site from the shipped niches and themes, a clock the test moves,
 * a mailer that keeps what it sends, and a fast stand-in for the (deliberately slow) hash.
 */
import { createPushGateway } from '../../server/adapters/push.ts';
import { createTestProvider } from '../../server/payments/test-provider.ts';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { MailMessage, Mailer } from '../../server/adapters/mailer.ts';
import { createLogger } from '../../server/log.ts';
import { createDatabaseRateLimiter } from '../../server/rate-limit/index.ts';
import { createMemoryBus } from '../../server/realtime/index.ts';
import { createLocalStorage } from '../../server/storage/index.ts';
import { loadNiches, loadThemes } from '../../tenancy/registry.ts';
import { resolveSite, type Site } from '../../tenancy/site.ts';
import { tenantSchema, type TenantInput } from '../../tenancy/tenant.schema.ts';
import type { AccountsContext } from './accounts.service.ts';
import type { Passwords } from './passwords.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const niches = loadNiches(join(ROOT, 'niches'), ROOT);
const themes = loadThemes(join(ROOT, 'themes'), ROOT);

export function testSite(tenant: Partial<TenantInput> = {}): Site {
  const parsed = tenantSchema.parse({
    id: 'unit',
    domains: ['unit.example'],
    name: 'Unit Hearts',
    niche: 'general',
    ...tenant,
  });
  return resolveSite(
    `tenants/${parsed.id}.json`,
    parsed,
    niches.get(parsed.niche)!,
    themes.get(parsed.theme ?? 'amber')!,
  );
}

/** Hashes that read as what they are, and a common-password list of one. */
export const fakePasswords: Passwords = {
  hash: async (password) => `$argon2-fake$${password}`,
  verify: async (stored, password) => stored === `$argon2-fake$${password}`,
  verifyNothing: async () => {},
  isCommon: (password) => password.toLowerCase() === 'password123',
};

export interface TestAccounts {
  ctx: AccountsContext;
  /** Sets the clock (epoch ms). */
  at(time: number): void;
  advance(ms: number): void;
  mails: MailMessage[];
  /** A context for another site or another visitor on the same database and clock. */
  with(changes: { site?: Site; ip?: string; locale?: AccountsContext['request']['locale'] }): AccountsContext;
  close(): Promise<void>;
}

/** `databaseUrl`: in-memory SQLite unless a test names a PostgreSQL database. */
export async function testAccounts(
  site: Site = testSite(),
  databaseUrl = 'sqlite::memory:',
): Promise<TestAccounts> {
  const handle: DatabaseHandle = await createDatabase({ databaseUrl, dataDir: ROOT });
  await migrateToLatest(handle.db);
  let now = Date.UTC(2026, 0, 10, 9);
  const clock = { now: () => now };
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    async send(message) {
      mails.push(message);
      return { messageId: String(mails.length) };
    },
  };
  const log = createLogger('error', () => {});
  const secret = randomBytes(32);
  const rateLimiter = createDatabaseRateLimiter(handle.db, secret);
  const realtime = createMemoryBus({ db: handle.db, clock, log });
  // Created on first write only; unit tests of the rules rarely store a file.
  const storage = createLocalStorage(join(tmpdir(), `kindred-unit-${randomBytes(6).toString('hex')}`));
  const make = (
    changes: { site?: Site; ip?: string; locale?: AccountsContext['request']['locale'] } = {},
  ): AccountsContext => {
    const s = changes.site ?? site;
    return {
      site: s,
      network: s.network,
      withheldSites: [],
      clock,
      db: handle.db,
      mailer,
      sms: { kind: 'outbox', send: async () => ({}) },
      log,
      rateLimiter,
      realtime,
      storage,
      push: createPushGateway({ secret }),
      payments: createTestProvider({ db: handle.db, clock }),
      passwords: fakePasswords,
      secret,
      request: {
        ip: changes.ip ?? '192.0.2.1',
        userAgent: 'unit-test',
        locale: changes.locale ?? 'en',
        country: s.defaultCountry,
        countryKnown: false,
        siteOrigin: `https://${s.primaryDomain}`,
      },
    };
  };
  return {
    ctx: make(),
    at: (time) => void (now = time),
    advance: (ms) => void (now += ms),
    mails,
    with: make,
    close: () => handle.destroy(),
  };
}
