import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.ts';
import { selectInNetwork } from '../../db/query-network.ts';

/* The SQL of reversals (payments.reversal.ts decides): money that came back without a refund asked for. */

type Db = Kysely<Database> | Transaction<Database>;

/** An order by its id alone, whatever its network (an operator names it from the outside). */
export async function findOrderById(db: Db, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** A reversal row; without `id` it stands for the whole order and takes the order's id. */
type ReversalRow = Omit<NewRow<'payment_reversals'>, 'id'> & { id?: string };

export async function insertReversal(trx: Transaction<Database>, row: ReversalRow) {
  await trx
    .insertInto('payment_reversals')
    .values({ ...row, id: row.id ?? row.order_id })
    .execute();
}

/** Records a whole-order reversal unless the order has one already; answers whether this call did. */
export async function recordReversalOnce(db: Db, row: ReversalRow): Promise<boolean> {
  const result = await db
    .insertInto('payment_reversals')
    .values({ ...row, id: row.id ?? row.order_id })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The reversals of an order so far, oldest first (the provider's returns booked already). */
export async function reversalsOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('payment_reversals')
    .select(['id', 'kind', 'amount', 'credits_reversed', 'credits_unrecovered'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The member's reversals, for the export. */
export async function reversalsOf(db: Db, network: string, memberId: string) {
  return selectInNetwork(db, 'payment_reversals', network, { member_id: memberId })
    .select([
      'order_id',
      'kind',
      'amount',
      'currency',
      'credits_reversed',
      'credits_unrecovered',
      'created_at',
    ])
    .orderBy('created_at')
    .execute();
}
