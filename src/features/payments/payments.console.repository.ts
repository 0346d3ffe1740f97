import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, OrderRefundPayout, OrderStatus } from '../../db/database.ts';
import { keysetPage } from '../../db/keyset.ts';

/* The SQL of the console's orders and staff refunds (payments.console.ts decides). */

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderFilter {
  /** The networks the caller may see; 'all' for every one. */
  networks: readonly string[] | 'all';
  site?: string | undefined;
  status?: OrderStatus | undefined;
  method?: string | undefined;
  /** Epoch ms, inclusive from, exclusive to. */
  from?: number | undefined;
  to?: number | undefined;
  /** The member's public (profile) id. */
  member?: string | undefined;
  before?: { at: number; id: string } | undefined;
  limit: number;
}

/** Orders newest first with their member's public id and name, in keyset pages. */
export async function ordersPageOf(db: Db, filter: OrderFilter) {
  let query = db
    .selectFrom('orders as o')
    .leftJoin('profiles as p', 'p.member_id', 'o.member_id')
    .select([
      'o.id',
      'o.network_id',
      'o.site_id',
      'o.credits',
      'o.amount',
      'o.currency',
      'o.payment_method',
      'o.provider',
      'o.status',
      'o.created_at',
      'o.completed_at',
      'p.id as member',
      'p.name as member_name',
    ]);
  if (filter.networks !== 'all') {
    if (filter.networks.length === 0) return [];
    query = query.where('o.network_id', 'in', [...filter.networks]);
  }
  if (filter.site) query = query.where('o.site_id', '=', filter.site);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.method) query = query.where('o.payment_method', '=', filter.method);
  if (filter.from !== undefined) query = query.where('o.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('o.created_at', '<', filter.to);
  if (filter.member) query = query.where('p.id', '=', filter.member);
  return keysetPage(
    query,
    { time: 'o.created_at', id: 'o.id' },
    'desc',
    filter.before,
    filter.limit,
  ).execute();
}

/** An order with its member's public id and name, whatever its network (the caller checks). */
export async function orderWithMember(db: Db, orderId: string) {
  return db
    .selectFrom('orders as o')
    .leftJoin('profiles as p', 'p.member_id', 'o.member_id')
    .selectAll('o')
    .select(['p.id as member', 'p.name as member_name'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** The order's reversals, oldest first (several when the provider gave money back in parts). */
export async function reversalsOf(db: Db, orderId: string) {
  return db
    .selectFrom('payment_reversals')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function staffRefundOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_refunds as r')
    .leftJoin('staff as s', 's.id', 'r.staff_id')
    .selectAll('r')
    .select('s.email as staff_email')
    .where('r.order_id', '=', orderId)
    .executeTakeFirst();
}

export async function insertStaffRefund(trx: Transaction<Database>, row: NewRow<'order_refunds'>) {
  await trx.insertInto('order_refunds').values(row).execute();
}

export async function setRefundPayout(
  db: Db,
  orderId: string,
  payout: OrderRefundPayout,
  providerError: string | null,
): Promise<void> {
  await db
    .updateTable('order_refunds')
    .set({ payout, provider_error: providerError })
    .where('order_id', '=', orderId)
    .execute();
}

/** A member's orders newest first (the member page of the console), at most `limit`. */
export async function memberOrdersOf(db: Db, network: string, memberId: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'site_id', 'credits', 'amount', 'currency', 'payment_method', 'status', 'created_at'])
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
