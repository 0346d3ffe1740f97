import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newClusteredId } from '../../db/ids.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { PublishItem } from '../../server/realtime/index.ts';
import {
  balanceOf,
  findEntry,
  insertEntry,
  lockMemberCredits,
  moveBalance,
  type Booking,
} from './credits.repository.ts';

/*
 * The one way credits move (ARCHITECTURE rule 5). Every change is an entry naming its cause, booked
 * in the caller's transaction together with what it pays for (an order, a message), after the
 * member's row is held, so the balance checked is the balance changed: it never goes negative,
 * however many spends race. A cause with a reference is booked at most once: a replayed webhook
 * or a retried send finds its first entry and books nothing.
 */

export type { Booking };

export interface Booked {
  /** The balance after this booking (or, for a replay, the balance now). */
  balance: number;
  entryId: string;
  /** True when the cause was already booked and nothing changed. */
  replay: boolean;
}

/** 402 `not_enough_credits`, with what the member has and what the action needs. */
export function notEnoughCredits(balance: number, needed: number): DomainError {
  return new DomainError('not_enough_credits', {
    status: 402,
    message: 'credits.not_enough',
    details: { credits: balance, needed },
  });
}

/** What the caller's transaction already guarantees, so the booking need not check it again. */
export interface BookingTerms {
  /**
   * The transaction holds the member's row already (a chat send takes it first), or runs alone
   * on SQLite's one connection (db/group-commit.ts `runsTransactionsAlone`): the booking skips
   * taking it. The row must have been taken in this transaction, before any read that sized the
   * booking.
   */
  rowHeld?: boolean;
  /**
   * The reference was created in this transaction (a message inserted just now), so no earlier
   * entry can name it: the replay lookup is skipped. The unique index on the reference still
   * refuses a second entry.
   */
  newReference?: boolean;
}

export async function bookCredits(
  trx: Transaction<Database>,
  booking: Booking,
  terms: BookingTerms = {},
): Promise<Booked> {
  const { network, memberId, delta, reason, reference } = booking;
  if (!Number.isSafeInteger(delta) || delta === 0) {
    throw new Error(`A ledger entry moves a whole, non-zero number of credits (got ${delta})`);
  }
  if (!terms.rowHeld && !(await lockMemberCredits(trx, network, memberId))) throw platformError('not_found');
  if (reference !== null && !terms.newReference) {
    const earlier = await findEntry(trx, network, memberId, reason, reference);
    if (earlier) {
      const balance = (await balanceOf(trx, network, memberId)) ?? 0;
      return { balance, entryId: earlier.id, replay: true };
    }
  }
  const balance = await moveBalance(trx, network, memberId, delta);
  if (balance === undefined) {
    throw notEnoughCredits((await balanceOf(trx, network, memberId)) ?? 0, -delta);
  }
  const entryId = newClusteredId(booking.now);
  await insertEntry(trx, { ...booking, id: entryId, balanceAfter: balance });
  return { balance, entryId, replay: false };
}

/**
 * Tells the member's open pages the new balance (the navigation badge). Call it after the
 * booking's transaction has committed, never inside it: a rolled-back spend must not be announced.
 */
export async function announceBalance(
  ctx: Pick<ServiceContext, 'realtime' | 'network'>,
  memberId: string,
  balance: number,
): Promise<void> {
  await ctx.realtime.publish(ctx.network, memberId, 'credits', { balance });
}

/** The event that tells the member's pages the new balance, for a caller publishing several at once. */
export function balanceEvent(memberId: string, balance: number): PublishItem {
  return { memberId, type: 'credits', data: { balance } };
}

/**
 * Holds the member's row for the rest of the transaction, as the ledger itself does before a
 * booking: a caller that takes it first (a chat send, whose checks must see the member's other
 * sends) books with `rowHeld`. Answers whether the member exists.
 */
export function holdMemberRow(
  trx: Transaction<Database>,
  network: string,
  memberId: string,
): Promise<boolean> {
  return lockMemberCredits(trx, network, memberId);
}

/**
 * Holds the member's row for the rest of the transaction and answers the balance then: a caller
 * that sizes a booking by the balance (a refund takes back at most what is left) reads the
 * balance its booking will change, with no spend slipping in between. Undefined: no such member.
 */
export async function holdBalance(
  trx: Transaction<Database>,
  network: string,
  memberId: string,
): Promise<number | undefined> {
  if (!(await lockMemberCredits(trx, network, memberId))) return undefined;
  return (await balanceOf(trx, network, memberId)) ?? 0;
}
