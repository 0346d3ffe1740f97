import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/* The console's SQL of discount codes: batches made by staff, their uses, switching them off; the built-in codes. */

type Db = Kysely<Database> | Transaction<Database>;

export interface NewCode {
  id: string;
  code: string;
  network_id: string;
  site_id: string | null;
  percentage: number;
  minimum_amount: number | null;
  currency: string | null;
  country: string | null;
  validity: 'once_per_user' | 'single_use';
  starts_at: number | null;
  expires_at: number | null;
  max_uses: number | null;
  batch_id: string;
  created_by: string;
  created_at: number;
}

/** Inserts a batch's codes; false when one of them is taken in the network (the unique key). */
export async function insertCodes(trx: Transaction<Database>, rows: NewCode[]): Promise<boolean> {
  try {
    // In slices: a statement's bound values are limited (SQLite: 32,766).
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('discount_codes')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The console's batches of a network, newest first, with their codes and uses counted. */
export async function batchesOf(db: Db, network: string, limit: number) {
  return db
    .selectFrom('discount_codes as c')
    .leftJoin('discount_redemptions as r', 'r.discount_code_id', 'c.id')
    .select((eb) => [
      'c.batch_id',
      eb.fn.min('c.code').as('code'),
      eb.fn.min('c.site_id').as('site_id'),
      eb.fn.min('c.percentage').as('percentage'),
      eb.fn.min('c.minimum_amount').as('minimum_amount'),
      eb.fn.min('c.currency').as('currency'),
      eb.fn.min('c.country').as('country'),
      eb.fn.min('c.validity').as('validity'),
      eb.fn.min('c.starts_at').as('starts_at'),
      eb.fn.min('c.expires_at').as('expires_at'),
      eb.fn.min('c.max_uses').as('max_uses'),
      eb.fn.max('c.active').as('active'),
      eb.fn.min('c.created_at').as('created_at'),
      eb.fn.count<number | string | bigint>('c.id').distinct().as('codes'),
      eb.fn.count<number | string | bigint>('r.id').as('uses'),
    ])
    .where('c.network_id', '=', network)
    .where('c.batch_id', 'is not', null)
    .groupBy('c.batch_id')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Switches a batch's codes off; the number of codes it had in the network. */
export async function disableBatch(trx: Transaction<Database>, network: string, batchId: string) {
  const result = await trx
    .updateTable('discount_codes')
    .set({ active: 0 })
    .where('network_id', '=', network)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A built-in code's columns as listed, each also grouped by for its count of uses. */
const BUILTIN_CODE_COLUMNS = [
  'c.id',
  'c.code',
  'c.network_id',
  'c.site_id',
  'c.percentage',
  'c.minimum_amount',
  'c.currency',
  'c.country',
  'c.validity',
  'c.starts_at',
  'c.expires_at',
  'c.max_uses',
  'c.active',
] as const;

/**
 * The codes a network has without the console: the built-in ones of every network (the welcome
 * discount, the time bonus, the demo's codes; network null) and the network's own made elsewhere
 * (a tenant's `delete_discount`), with their uses in this network.
 */
export async function builtinCodesOf(db: Db, network: string, limit: number) {
  return (
    db
      .selectFrom('discount_codes as c')
      .leftJoin('discount_redemptions as r', (join) =>
        join.onRef('r.discount_code_id', '=', 'c.id').on('r.network_id', '=', network),
      )
      .select((eb) => [...BUILTIN_CODE_COLUMNS, eb.fn.count<number | string | bigint>('r.id').as('uses')])
      .where((eb) => eb.or([eb('c.network_id', 'is', null), eb('c.network_id', '=', network)]))
      .where('c.batch_id', 'is', null)
      // Single-use codes outside the console are personal offers: their text is not for listing.
      .where('c.validity', '!=', 'single_use')
      .groupBy([...BUILTIN_CODE_COLUMNS])
      .orderBy('c.code')
      .limit(limit)
      .execute()
  );
}
