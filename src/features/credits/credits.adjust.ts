import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newClusteredId } from '../../db/ids.ts';
import { DomainError, pageCursor } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import { bookCredits } from './credits.ledger.ts';
import { insertAdjustment, ledgerPageOf } from './credits.adjust.repository.ts';
import { parsePageKey } from '../../db/keyset.ts';

/*
 * Credits given or taken by staff (the console's member support). Never an update of the
 * balance: one `staff_adjustment` ledger entry whose reference is the adjustment row, which keeps
 * the staff member and the reason. The ledger's own guard (the member's row held, the balance
 * moved only if it stays at zero or above) makes a negative adjustment below zero fail as a
 * whole, however many spends race it.
 */

/** The most one adjustment may move: a typo of a few zeros must not mint a fortune. */
export const MAX_ADJUSTMENT = 100_000;
export const LEDGER_PAGE_SIZE = 50;

export interface CreditAdjustment {
  network: string;
  siteId: string;
  memberId: string;
  staffId: string;
  delta: number;
  reason: string;
}

export interface AdjustedCredits {
  adjustment: string;
  balance: number;
}

function invalidAdjustment(field: 'delta' | 'reason'): DomainError {
  return new DomainError('validation', {
    status: 422,
    message: 'api.validation',
    fields: { [field]: field === 'reason' ? 'required' : 'invalid' },
  });
}

/**
 * Books the adjustment in `trx` (the caller's transaction, which also writes its audit entry).
 * Throws 402 `not_enough_credits` when taking would go below zero; nothing is written then.
 */
export async function adjustCredits(
  trx: Transaction<Database>,
  adjustment: CreditAdjustment,
  now: number,
): Promise<AdjustedCredits> {
  const reason = adjustment.reason.trim();
  if (!reason) throw invalidAdjustment('reason');
  const { delta } = adjustment;
  if (!Number.isSafeInteger(delta) || delta === 0 || Math.abs(delta) > MAX_ADJUSTMENT)
    throw invalidAdjustment('delta');
  const id = newClusteredId(now);
  // The booking first: it holds the member's row and refuses a balance below zero.
  const booked = await bookCredits(
    trx,
    {
      network: adjustment.network,
      siteId: adjustment.siteId,
      memberId: adjustment.memberId,
      delta,
      reason: 'staff_adjustment',
      reference: id,
      now,
    },
    { newReference: true },
  );
  await insertAdjustment(trx, {
    id,
    network_id: adjustment.network,
    site_id: adjustment.siteId,
    member_id: adjustment.memberId,
    staff_id: adjustment.staffId,
    reason,
    delta,
    created_at: now,
  });
  return { adjustment: id, balance: booked.balance };
}

export interface LedgerLine {
  id: string;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  /** Epoch ms. */
  created_at: number;
  /** For a staff adjustment: who made it and why. */
  staff: { id: string; email: string | null; reason: string } | null;
}

export interface LedgerPage {
  entries: LedgerLine[];
  next: string | null;
}

/** A cursor of the console's ledger pages: `<created_at>.<id>` of the last entry shown. */
export const parseLedgerCursor = parsePageKey;

/** A member's ledger as the console shows it, newest first, `LEDGER_PAGE_SIZE` a page. */
export async function ledgerPage(
  db: ServiceContext['db'],
  network: string,
  memberId: string,
  cursor: string | undefined,
): Promise<LedgerPage> {
  const after = pageCursor(cursor, parseLedgerCursor);
  const rows = await ledgerPageOf(db, network, memberId, after, LEDGER_PAGE_SIZE + 1);
  const entries = rows.slice(0, LEDGER_PAGE_SIZE).map((row): LedgerLine => ({
    id: row.id,
    delta: Number(row.delta),
    reason: row.reason,
    reference: row.reference,
    balance_after: Number(row.balance_after),
    created_at: Number(row.created_at),
    staff: row.staff_id ? { id: row.staff_id, email: row.staff_email, reason: row.note ?? '' } : null,
  }));
  const last = entries.at(-1);
  return { entries, next: rows.length > LEDGER_PAGE_SIZE && last ? `${last.created_at}.${last.id}` : null };
}
