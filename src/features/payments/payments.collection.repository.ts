import type { Kysely, Transaction } from 'kysely';
import type { Database, DirectDebitSequence, NewRow } from '../../db/database.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The SQL of collecting direct debits (payments.collection.ts decides): the debits of a file, marking them. */

type Db = Kysely<Database> | Transaction<Database>;

export interface CollectableFilter {
  network: string;
  site: string;
  /** Epoch ms, the orders' creation: from inclusive, to exclusive. */
  from: number;
  to: number;
  /** Also the debits that went out in an earlier file. */
  again: boolean;
}

/**
 * The site's paid direct debits in the window, oldest first: completed orders only, so a
 * returned (failed) or refunded one is never collected. Only euro orders: SEPA collects euros.
 */
export async function collectableDebits(db: Db, filter: CollectableFilter) {
  let query = db
    .selectFrom('directdebit_mandates as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select([
      'm.id as mandate_row',
      'm.order_id',
      'm.reference',
      'm.signed_at',
      'm.export_id',
      'm.sequence_type',
      'm.iban',
      'm.holder',
      'm.street',
      'm.zip',
      'm.city',
      'm.country',
      'o.amount',
      'o.created_at',
    ])
    .where('m.network_id', '=', filter.network)
    .where('m.site_id', '=', filter.site)
    .where('o.status', '=', 'completed')
    .where('o.payment_method', '=', 'sdd')
    .where('o.currency', '=', 'EUR')
    .where('o.created_at', '>=', filter.from)
    .where('o.created_at', '<', filter.to);
  if (!filter.again) query = query.where('m.export_id', 'is', null);
  return query.orderBy('o.created_at').orderBy('o.id').execute();
}

/** Which of these mandate references went out in a file before and did not come back. */
export async function collectedReferences(
  db: Db,
  network: string,
  references: string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .selectFrom('directdebit_mandates')
    .select('reference')
    .distinct()
    .where('network_id', '=', network)
    .where('reference', 'in', references)
    .where('export_id', 'is not', null)
    .where('return_reason', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.reference));
}

export async function insertExport(trx: Transaction<Database>, row: NewRow<'directdebit_exports'>) {
  await trx.insertInto('directdebit_exports').values(row).execute();
}

/**
 * Marks a debit as gone out in `exportId` with its sequence type; a first export only when it
 * has none yet (false when another file took it meanwhile), a repeated one whatever it had.
 */
export async function markExported(
  trx: Transaction<Database>,
  mandateRow: string,
  exportId: string,
  sequence: DirectDebitSequence,
  again: boolean,
): Promise<boolean> {
  let query = trx
    .updateTable('directdebit_mandates')
    .set({ export_id: exportId, sequence_type: sequence })
    .where('id', '=', mandateRow);
  if (!again) query = query.where('export_id', 'is', null);
  return updatedOne(query);
}

/** The mandate row of a direct debit order: what the console shows of its collection. */
export async function mandateOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('directdebit_mandates')
    .select(['reference', 'signed_at', 'export_id', 'sequence_type', 'return_reason'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function setReturnReason(db: Db, orderId: string, reason: string): Promise<void> {
  await db
    .updateTable('directdebit_mandates')
    .set({ return_reason: reason })
    .where('order_id', '=', orderId)
    .execute();
}
