import { createPushGateway } from '../../src/server/adapters/push.ts';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createLogger } from '../../src/server/log.ts';
import { createDatabaseRateLimiter } from '../../src/server/rate-limit/index.ts';
import { createMemoryBus } from '../../src/server/realtime/index.ts';
import { loadNiches, loadThemes, parseTenantFile } from '../../src/tenancy/registry.ts';
import { resolveSite, type Site } from '../../src/tenancy/site.ts';

/* What the unit tests of a feature's service build their context from. */

const ROOT = join(import.meta.dirname, '..', '..');

/** The demo tenant (tenants/localhost.json) as a site, with `overrides` laid over its file. */
export function demoSite(overrides: Record<string, unknown> = {}): Site {
  const parsed = parseTenantFile(join(ROOT, 'tenants', 'localhost.json'), ROOT);
  if (!parsed.ok) throw new Error('the demo tenant does not parse');
  const tenant = { ...parsed.tenant, ...overrides } as typeof parsed.tenant;
  const niches = loadNiches(join(ROOT, 'niches'), ROOT);
  const theme = loadThemes(join(ROOT, 'themes'), ROOT).get(tenant.theme ?? 'amber')!;
  return resolveSite('tenants/localhost.json', tenant, niches.get(tenant.niche)!, theme);
}

/**
 * The parts of a service context on `site` that every service reads: `db` and `clock`, a log
 * that writes nothing, the database's rate limiter and the in-process realtime bus.
 */
export function baseContext(site: Site, db: Kysely<Database>, clock: Clock) {
  const log = createLogger('error', () => {});
  return {
    site,
    network: site.network,
    withheldSites: [],
    clock,
    db,
    log,
    rateLimiter: createDatabaseRateLimiter(db, Buffer.alloc(32, 7)),
    realtime: createMemoryBus({ db, clock, log }),
    push: createPushGateway({ secret: Buffer.alloc(32, 7) }),
  };
}
