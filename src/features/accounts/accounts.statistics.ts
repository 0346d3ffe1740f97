import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DailyCount, DailyFiguresQuery } from '../../server/daily-figures.ts';
import { dailyMembersBy, firstMemberAt } from './accounts.repository.ts';

/*
 * The accounts' daily figures for the statistics, by the source of the member's tracked arrival.
 * Active members are those whose last activity fell on the day: exact for today, and for a
 * closed day as far as members active on it were not active again before its rollup.
 */

type Ctx = { db: Kysely<Database> };

export const dailySignups = (ctx: Ctx, query: DailyFiguresQuery): Promise<DailyCount[]> =>
  dailyMembersBy(ctx.db, 'created_at', query);

export const dailyActivations = (ctx: Ctx, query: DailyFiguresQuery): Promise<DailyCount[]> =>
  dailyMembersBy(ctx.db, 'confirmed_at', query);

export const dailyActiveMembers = (ctx: Ctx, query: DailyFiguresQuery): Promise<DailyCount[]> =>
  dailyMembersBy(ctx.db, 'last_active_at', query);

/**
 * When the network's first member signed up (null: none yet). Every member figure (signups,
 * activations, activity, and the messages and purchases only members make) falls on or after it.
 */
export const firstSignupAt = (ctx: Ctx, network: string): Promise<number | null> =>
  firstMemberAt(ctx.db, network);
