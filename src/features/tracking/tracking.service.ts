import { isId, newId } from '../../db/ids.ts';
import { addressKey } from '../../server/address.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { DailyCount, DailyFiguresQuery } from '../../server/daily-figures.ts';
import {
  claimTrackingRecord,
  dailyArrivals,
  firstArrivalAt,
  findTrackingRecord,
  insertTrackingRecord,
} from './tracking.repository.ts';
import type { TrackingValues } from './tracking.params.ts';

/** Name of the cookie holding the id of the visitor's first traffic source on this site. */
export const TRACKING_COOKIE = 'tracking';
/** Attribution lasts as long as affiliate networks usually pay for a signup: 90 days. */
export const TRACKING_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;

/**
 * First touch: answers the id of the record the visitor already has on this site, or stores a
 * new one. Undefined when the address has created too many records lately (bots following
 * affiliate links): the visitor is still sent on, only unattributed.
 */
export async function recordArrival(
  ctx: ServiceContext,
  arrival: { cookieId: string | undefined; values: TrackingValues; landingPath: string; ip: string },
): Promise<{ id: string; created: boolean } | undefined> {
  const known = await knownRecord(ctx, arrival.cookieId);
  if (known) return { id: known, created: false };
  const now = ctx.clock.now();
  const allowed = await ctx.rateLimiter.consume(
    `tracking-ip:${ctx.site.id}:${addressKey(arrival.ip)}`,
    ctx.site.rateLimits.trackingIp,
    now,
  );
  if (!allowed.allowed) return undefined;
  const id = newId();
  await insertTrackingRecord(ctx.db, ctx.network, {
    id,
    siteId: ctx.site.id,
    values: arrival.values,
    landingPath: arrival.landingPath,
    createdAt: now,
  });
  return { id, created: true };
}

async function knownRecord(ctx: ServiceContext, cookieId: string | undefined): Promise<string | undefined> {
  if (!isId(cookieId)) return undefined;
  const record = await findTrackingRecord(ctx.db, ctx.network, ctx.site.id, cookieId);
  return record?.id;
}

/**
 * Whether the visitor came through a traffic source, for `signups: with_trafficsource`
 * (spec §5): a stored record naming a `network`, or a `network` on the signup request itself.
 */
export async function hasTrafficSource(
  ctx: ServiceContext,
  cookieId: string | undefined,
  queryNetwork: string | undefined,
): Promise<boolean> {
  if (queryNetwork?.trim()) return true;
  if (!isId(cookieId)) return false;
  const record = await findTrackingRecord(ctx.db, ctx.network, ctx.site.id, cookieId);
  return Boolean(record?.network);
}

/**
 * Gives the visitor's traffic source to the new account: the stored record when it is still
 * unclaimed, else a record made from the signup request's own `network`. Answers its id.
 */
export async function attachTrackingRecord(
  ctx: ServiceContext,
  memberId: string,
  source: { cookieId: string | undefined; queryNetwork: string | undefined; landingPath: string },
): Promise<string | undefined> {
  const stored = await knownRecord(ctx, source.cookieId);
  if (stored && (await claimTrackingRecord(ctx.db, ctx.network, stored, memberId))) return stored;
  const network = source.queryNetwork?.trim();
  if (!network) return undefined;
  const id = newId();
  await insertTrackingRecord(ctx.db, ctx.network, {
    id,
    siteId: ctx.site.id,
    values: { network: network.slice(0, 200) },
    landingPath: source.landingPath,
    createdAt: ctx.clock.now(),
  });
  await claimTrackingRecord(ctx.db, ctx.network, id, memberId);
  return id;
}

/** When the first visit of any of `sites` was tracked (null: none yet): no visit lies before. */
export function firstVisitAt(
  ctx: { db: ServiceContext['db'] },
  sites: readonly string[],
): Promise<number | null> {
  return firstArrivalAt(ctx.db, sites);
}

/** Visits for the statistics: tracked arrivals per site, day and source. */
export function dailyVisits(
  ctx: { db: ServiceContext['db'] },
  query: DailyFiguresQuery,
): Promise<DailyCount[]> {
  return dailyArrivals(ctx.db, query);
}
