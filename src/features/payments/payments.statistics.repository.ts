import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ARRIVAL_SOURCE, inTimeRange, membersWithArrival, utcDay } from '../../db/arrival-source.ts';
import type { Database } from '../../db/database.ts';
import { dailyCount, type DailyCount, type DailyFiguresQuery } from '../../server/daily-figures.ts';

/*
 * The SQL of the statistics' money (payments.statistics.ts decides): what orders brought in and
 * what went back, per site, day, the source of the buyer's tracked arrival, currency and the
 * buyer's country (for the VAT), and the members' first purchases.
 */

/** Gross amounts (minor units) of one site, day, source, currency and country. */
export interface DailyMoneyRow {
  site: string;
  day: number;
  network: string;
  ref: string;
  sub: string;
  currency: string;
  country: string;
  amount: number;
}

type MoneyRow = {
  site: string;
  day: number | string;
  network: string | null;
  ref: string | null;
  sub: string | null;
  currency: string;
  country: string | null;
  amount: number | string | null;
};

const money = (row: MoneyRow): DailyMoneyRow => ({
  ...dailyCount({ ...row, count: 0 }),
  currency: row.currency,
  country: row.country ?? '',
  amount: Number(row.amount ?? 0),
});

/** Orders with their buyer's tracking record, in the query's network and sites. */
function ordersWithSource(db: Kysely<Database>, query: DailyFiguresQuery) {
  return membersWithArrival(db)
    .innerJoin('orders as o', 'o.member_id', 'm.id')
    .where('o.network_id', '=', query.network)
    .where('o.site_id', 'in', query.sites);
}

/*
 * What every figure is split by: the site and the source of the buyer's tracked arrival, and for
 * money also the currency and the buyer's country. Selected under the row's names, grouped by the
 * columns themselves (the names are the same lists in the same order).
 */
const BY_SOURCE = ['o.site_id as site', ...ARRIVAL_SOURCE] as const;
const GROUP_BY_SOURCE = ['o.site_id', ...ARRIVAL_SOURCE] as const;
const BY_MONEY = [...BY_SOURCE, 'o.currency', 'o.country'] as const;
const GROUP_BY_MONEY = [...GROUP_BY_SOURCE, 'o.currency', 'o.country'] as const;

type OrdersWithSource = ReturnType<typeof ordersWithSource>;

/**
 * Sums `amount` of the rows of `summed` (orders with their buyer's source, `ordersWithSource`,
 * joined to what is summed) per site, UTC day of `time`, source, currency and country, in the
 * query's time range.
 */
async function moneyPerSourceAndDay<DB, TB extends keyof DB>(
  summed: SelectQueryBuilder<DB, TB, object>,
  time: string,
  amount: string,
  query: DailyFiguresQuery,
): Promise<DailyMoneyRow[]> {
  const day = utcDay(time);
  const rows = await (summed as unknown as OrdersWithSource)
    .select([...BY_MONEY, day.as('day'), sql<number>`sum(${sql.ref(amount)})`.as('amount')])
    .where(inTimeRange(time, query))
    .groupBy([...GROUP_BY_MONEY, day])
    .execute();
  return rows.map(money);
}

/** What paid orders brought in, by the day they were paid (later refunds count on their own day). */
export async function dailyPaid(db: Kysely<Database>, query: DailyFiguresQuery): Promise<DailyMoneyRow[]> {
  if (query.sites.length === 0) return [];
  return moneyPerSourceAndDay(ordersWithSource(db, query), 'o.completed_at', 'o.amount', query);
}

/** Money that went back at the provider (refunds, chargebacks, returned debits), by its day. */
export async function dailyReversed(
  db: Kysely<Database>,
  query: DailyFiguresQuery,
): Promise<DailyMoneyRow[]> {
  if (query.sites.length === 0) return [];
  const reversals = ordersWithSource(db, query).innerJoin('payment_reversals as r', 'r.order_id', 'o.id');
  return moneyPerSourceAndDay(reversals, 'r.created_at', 'r.amount', query);
}

/**
 * Members' own refunds, by the day the order became refunded: the order's amount for the credits
 * taken back (the ledger's refund entry), rounded down per order as the refund itself was.
 */
export async function dailyRefunded(
  db: Kysely<Database>,
  query: DailyFiguresQuery,
): Promise<DailyMoneyRow[]> {
  if (query.sites.length === 0) return [];
  const day = utcDay('o.updated_at');
  const rows = await ordersWithSource(db, query)
    .leftJoin('credit_ledger as l', (join) =>
      join
        .onRef('l.member_id', '=', 'o.member_id')
        .on('l.reason', '=', 'refund')
        .onRef('l.reference', '=', 'o.id'),
    )
    .select([
      ...BY_MONEY,
      day.as('day'),
      sql<number>`sum(case when o.credits > 0 then (o.amount * (0 - coalesce(l.delta, 0))) / o.credits else 0 end)`.as(
        'amount',
      ),
    ])
    .where('o.status', '=', 'refunded')
    .where(inTimeRange('o.updated_at', query))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('payment_reversals as r').select('r.order_id').whereRef('r.order_id', '=', 'o.id'),
        ),
      ),
    )
    .groupBy([...GROUP_BY_MONEY, day])
    .execute();
  return rows.map(money);
}

/** Members' first paid orders, by the day they were paid. */
export async function dailyFirstPaid(db: Kysely<Database>, query: DailyFiguresQuery): Promise<DailyCount[]> {
  if (query.sites.length === 0) return [];
  const day = utcDay('o.completed_at');
  const rows = await ordersWithSource(db, query)
    .select((eb) => [...BY_SOURCE, day.as('day'), eb.fn.countAll<number>().as('count')])
    .where(inTimeRange('o.completed_at', query))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders as earlier')
            .select('earlier.id')
            .whereRef('earlier.member_id', '=', 'o.member_id')
            .whereRef('earlier.completed_at', '<', 'o.completed_at'),
        ),
      ),
    )
    .groupBy([...GROUP_BY_SOURCE, day])
    .execute();
  return rows.map(dailyCount);
}
