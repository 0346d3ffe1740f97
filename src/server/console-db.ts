import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from './log.ts';

/** The networks of the served sites, sorted: what a role on every network covers. */
export function servedNetworks(platform: Pick<App.Locals['platform'], 'registry'>): string[] {
  return [...new Set([...platform.registry.snapshot.sites.values()].map((site) => site.network))].sort();
}

/**
 * The database of a console request: bound to the networks the signed-in staff member holds a
 * role in (every served network for a role on all of them) and to the console's scope, which
 * opens the staff accounts and the audit log. On PostgreSQL row-level security (migration 0039)
 * then keeps every other network's rows out of the console's queries, whatever they ask; without
 * a staff session (the login, a cookie being checked) it shows no network at all. The features
 * still check each permission per network: this is the floor beneath those checks.
 *
 * On a site's host (a member appealing a decision through the sanctions' context) it is the
 * site's network, as for every member request.
 */
export function consoleDb(
  locals: Pick<App.Locals, 'platform' | 'staff' | 'area' | 'site'>,
): Kysely<Database> {
  const { platform } = locals;
  if (locals.area !== 'console') return platform.dbFor(locals.site.network);
  const held = locals.staff?.networks() ?? [];
  const networks = held === 'all' ? servedNetworks(platform) : [...held].sort();
  return platform.bound({ networks, scope: 'console' });
}

/**
 * What every console service starts from: the request's bound database (see `consoleDb`), the
 * platform's clock and its log. Each feature's console context adds its own adapters to it.
 */
export function consoleServiceBasics(locals: Pick<App.Locals, 'platform' | 'staff' | 'area' | 'site'>): {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
} {
  const { platform } = locals;
  return { db: consoleDb(locals), clock: platform.clock, log: platform.log };
}
