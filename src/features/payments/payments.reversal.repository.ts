import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.ts';
import { selectInNetwork } from '../../db/query-network.ts';

/* The SQL of reversals (payments.reversal.ts decides): money that came back without a refund asked for. */

type Db = Kysely<Database> | Transaction<Database>;

/** An order by its id alone, whatever its network (an operator names it from the outside). */
export async function findOrderById(db: Db, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function insertReversal(trx: Transaction<Database>, row: NewRow<'payment_reversals'>) {
  await trx.insertInto('payment_reversals').values(row).execute();
}

/** Records a reversal unless the order has one already; answers whether this call recorded it. */
export async function recordReversalOnce(db: Db, row: NewRow<'payment_reversals'>): Promise<boolean> {
  const result = await db
    .insertInto('payment_reversals')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
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
