import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DailyAmount, DailyCount, DailyFiguresQuery } from '../../server/daily-figures.ts';
import {
  dailyFirstPaid,
  dailyPaid,
  dailyRefunded,
  dailyReversed,
  type DailyMoneyRow,
} from './payments.statistics.repository.ts';
import { vatIncluded, vatRateBp } from './payments.vat.ts';

/*
 * The payments' daily figures for the statistics. Revenue is what was paid on a day less what
 * went back on it (a member's refund, a provider's refund or chargeback, a returned debit), net
 * of the VAT inside it at the buyer's country's rate, per currency in minor units. A day with more
 * refunds than sales has negative revenue.
 */

type Ctx = { db: Kysely<Database> };

/** `amount` without the VAT inside it; a negative amount (money back) loses its VAT likewise. */
export function netOfVat(amount: number, country: string): number {
  const rate = country ? vatRateBp(country) : undefined;
  if (!rate) return amount;
  const gross = Math.abs(amount);
  return Math.sign(amount) * (gross - vatIncluded(gross, rate));
}

const keyOf = (row: DailyMoneyRow) =>
  [row.site, row.day, row.network, row.ref, row.sub, row.currency, row.country].join('\u0000');

export async function dailyRevenue(ctx: Ctx, query: DailyFiguresQuery): Promise<DailyAmount[]> {
  const [paid, reversed, refunded] = await Promise.all([
    dailyPaid(ctx.db, query),
    dailyReversed(ctx.db, query),
    dailyRefunded(ctx.db, query),
  ]);
  // Paid less returned per country first, so the VAT is taken from each country's balance once.
  const byCountry = new Map<string, DailyMoneyRow>();
  const add = (row: DailyMoneyRow, sign: 1 | -1) => {
    const key = keyOf(row);
    const known = byCountry.get(key);
    if (known) known.amount += sign * row.amount;
    else byCountry.set(key, { ...row, amount: sign * row.amount });
  };
  for (const row of paid) add(row, 1);
  for (const row of [...reversed, ...refunded]) add(row, -1);
  const bySource = new Map<string, DailyAmount>();
  for (const row of byCountry.values()) {
    const { country, ...rest } = row;
    const key = keyOf({ ...row, country: '' });
    const net = netOfVat(row.amount, country);
    const known = bySource.get(key);
    if (known) known.amount += net;
    else bySource.set(key, { ...rest, amount: net });
  }
  return [...bySource.values()].filter((row) => row.amount !== 0);
}

export function dailyFirstPurchases(ctx: Ctx, query: DailyFiguresQuery): Promise<DailyCount[]> {
  return dailyFirstPaid(ctx.db, query);
}
