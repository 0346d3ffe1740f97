import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { Site } from '../tenancy/site.ts';
import type { Mailer } from './adapters/mailer.ts';
import type { PushGateway } from './adapters/push.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { Logger } from './log.ts';
import type { PaymentProvider } from './payments/index.ts';
import type { RateLimiter } from './rate-limit/index.ts';
import type { RealtimeBus } from './realtime/index.ts';
import type { FileStorage } from './storage/index.ts';

/**
 * What every service call receives (ARCHITECTURE rule 3): its scope (site, network, member) and
 * the adapters. Services never reach for globals or the wall clock.
 */
export interface ServiceContext {
  site: Site;
  /** The member pool every read is scoped to. */
  network: string;
  /**
   * Sites of the network whose members this site may not show (`member_resell: false` on a
   * sister brand): their profiles stay off every list and public page here.
   */
  withheldSites: readonly string[];
  clock: Clock;
  db: Kysely<Database>;
  /**
   * Where reads that may lag a moment go (the member search): a replica with
   * DATABASE_READ_URL, else absent and `db` serves them. Never for a read that decides a write.
   */
  readDb?: Kysely<Database>;
  mailer: Mailer;
  /** Text messages (direct debit codes): `DATA_DIR/outbox/*.sms` by default. */
  sms: SmsSender;
  log: Logger;
  /** Rate limits and lockouts: `consume` before the work a limit guards. */
  rateLimiter: RateLimiter;
  /** Where a feature publishes what a member should learn at once. */
  realtime: RealtimeBus;
  /** Member files by opaque key; served only through a route that checks the viewer. */
  storage: FileStorage;
  /** Where members pay (the test provider by default, Mollie at scale). */
  payments: PaymentProvider;
  /** Web push: the sites' VAPID keys, which endpoints may be sent to, and the sending. */
  push: PushGateway;
}

export function serviceContext(locals: Pick<App.Locals, 'platform' | 'site'>): ServiceContext {
  const { platform, site } = locals;
  return {
    site,
    network: site.network,
    withheldSites: withheldSites(platform.registry.sitesOfNetwork(site.network), site),
    clock: platform.clock,
    // Bound to the site's network: on PostgreSQL row-level security shows it no other network's rows.
    db: platform.dbFor(site.network),
    ...(platform.readDbFor && { readDb: platform.readDbFor(site.network) }),
    mailer: platform.mailer,
    sms: platform.sms,
    log: platform.log,
    rateLimiter: platform.rateLimiter,
    realtime: platform.realtime,
    storage: platform.storage,
    payments: platform.payments,
    push: platform.push,
  };
}

/** Sites grouped by network in one pass (a job's per-site loop would otherwise filter all sites per site). */
export function sitesByNetwork<S extends Pick<Site, 'network'>>(sites: Iterable<S>): Map<string, S[]> {
  const out = new Map<string, S[]>();
  for (const site of sites) {
    const list = out.get(site.network);
    if (list) list.push(site);
    else out.set(site.network, [site]);
  }
  return out;
}

/** The sister brands whose members `site` may not show: those that do not resell theirs. */
export function withheldSites(
  network: Iterable<Pick<Site, 'id' | 'memberResell'>>,
  site: Pick<Site, 'id'>,
): string[] {
  return [...network].filter((s) => !s.memberResell && s.id !== site.id).map((s) => s.id);
}
