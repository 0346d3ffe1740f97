import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError } from '../../server/errors.ts';

/*
 * Discount codes on an order: the seam between credits (which owns the codes, the welcome code and
 * the time bonus) and payments (which owns orders). Payments calls `reserveDiscount` in the
 * transaction that creates the order, and `releaseDiscount` in the one that marks it failed or
 * cancelled; a paid order keeps its redemption for good.
 */

/** What an order needs to know to be priced with a discount. */
export interface OrderToDiscount {
  orderId: string;
  bundleId: string;
  /** The bundle's full amount in minor units, before the discount. */
  amount: number;
  currency: string;
  /** The member's country (ISO 3166-1 alpha-2, upper case). */
  country: string;
}

export interface ReservedDiscount {
  code: string;
  percentage: number;
  /** The amount to pay after the discount, in minor units (rounded in the member's favour). */
  amount: number;
}

/**
 * Checks `code` for this order and reserves it for the member (single use under concurrency).
 * Throws 404 `code_not_found`, 409 `code_used`, or 422 for a minimum order or country limit.
 */
export async function reserveDiscount(
  _trx: Transaction<Database>,
  _ctx: ServiceContext,
  _memberId: string,
  _code: string,
  _order: OrderToDiscount,
): Promise<ReservedDiscount> {
  throw new DomainError('code_not_found', { status: 404, message: 'api.not_found' });
}

/** Gives the code back when the order it was reserved for failed or was cancelled. */
export async function releaseDiscount(
  _trx: Transaction<Database>,
  _ctx: ServiceContext,
  _orderId: string,
): Promise<void> {}
