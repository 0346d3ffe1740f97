import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { keysetPage } from '../../db/keyset.ts';

/* The SQL of staff adjustments and of the ledger as the console pages it (credits.adjust.ts decides). */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertAdjustment(
  trx: Transaction<Database>,
  row: {
    id: string;
    network_id: string;
    site_id: string;
    member_id: string;
    staff_id: string;
    reason: string;
    delta: number;
    created_at: number;
  },
): Promise<void> {
  await trx.insertInto('credit_adjustments').values(row).execute();
}

/**
 * One page of a member's ledger, newest first, after `before` (keyset on time and id), with the
 * staff member and reason of each staff adjustment.
 */
export async function ledgerPageOf(
  db: Db,
  network: string,
  memberId: string,
  before: { at: number; id: string } | undefined,
  limit: number,
) {
  const query = db
    .selectFrom('credit_ledger as l')
    .leftJoin('credit_adjustments as a', (join) =>
      join.onRef('a.id', '=', 'l.reference').on('l.reason', '=', 'staff_adjustment'),
    )
    .leftJoin('staff as s', 's.id', 'a.staff_id')
    .select([
      'l.id',
      'l.delta',
      'l.reason',
      'l.reference',
      'l.balance_after',
      'l.created_at',
      'a.staff_id',
      's.email as staff_email',
      'a.reason as note',
    ])
    .where('l.network_id', '=', network)
    .where('l.member_id', '=', memberId);
  return keysetPage(query, { time: 'l.created_at', id: 'l.id' }, 'desc', before, limit).execute();
}
