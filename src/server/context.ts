import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { Site } from '../tenancy/site.ts';
import type { Mailer } from './adapters/mailer.ts';
import type { Logger } from './log.ts';

/**
 * What every service call receives (ARCHITECTURE rule 3): its scope (site, network, member) and
 * the adapters. Services never reach for globals or the wall clock.
 */
export interface ServiceContext {
  site: Site;
  /** The member pool every read is scoped to. */
  network: string;
  clock: Clock;
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
}

export function serviceContext(locals: App.Locals): ServiceContext {
  const { platform, site } = locals;
  return {
    site,
    network: site.network,
    clock: platform.clock,
    db: platform.db,
    mailer: platform.mailer,
    log: platform.log,
  };
}
