import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrderStatus, OrdersTable } from '../../db/database.ts';
import { existsInNetwork, selectInNetwork, updateInNetwork, type Match } from '../../db/query-network.ts';
import { updatedOne } from '../../db/updated-one.ts';

/*
 * Orders and discount redemptions: what the payment rules read and write, and what a member's
 * export needs beyond the plain rows of payments.privacy.ts. The credit ledger is the credits
 * feature's; this file never writes it.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The discount codes the member redeemed, and on which order. */
export async function redemptionsOf(db: Db, network: string, memberId: string) {
  return db
    .selectFrom('discount_redemptions as r')
    .innerJoin('discount_codes as d', 'd.id', 'r.discount_code_id')
    .select(['d.code', 'd.percentage', 'r.order_id', 'r.created_at'])
    .where('r.network_id', '=', network)
    .where('r.member_id', '=', memberId)
    .orderBy('r.created_at')
    .execute();
}

/* ---- Orders ------------------------------------------------------------------------------- */

export type OrderRow = Selectable<OrdersTable>;

export async function insertOrder(trx: Db, row: Insertable<OrdersTable>): Promise<void> {
  await trx.insertInto('orders').values(row).execute();
}

/**
 * The member's orders, for a query to narrow and select from: scoped to network and member, so
 * anyone else's are never found.
 */
export function memberOrders(db: Db, network: string, memberId: string) {
  return selectInNetwork(db, 'orders', network, { member_id: memberId });
}

/**
 * The member's order, picked by its id or by the client id a retried `POST /api/order.php` sent
 * the first time; undefined for anyone else's.
 */
export async function findMemberOrder(
  db: Db,
  network: string,
  memberId: string,
  by: { id: string } | { client_id: string },
): Promise<OrderRow | undefined> {
  return selectInNetwork(db, 'orders', network, { member_id: memberId, ...by })
    .selectAll()
    .executeTakeFirst();
}

/** Whether the member has an order whose columns equal `match` (a status, a payment method). */
export async function memberHasOrder(
  db: Db,
  network: string,
  memberId: string,
  match: Match<'orders'>,
): Promise<boolean> {
  return existsInNetwork(db, 'orders', network, { ...match, member_id: memberId });
}

/** The order a provider's payment belongs to (webhooks know only the payment id). */
export async function findOrderByPayment(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

export async function setProviderPayment(db: Db, orderId: string, paymentId: string, now: number) {
  await db
    .updateTable('orders')
    .set({ provider_payment_id: paymentId, updated_at: now })
    .where('id', '=', orderId)
    .where('provider_payment_id', 'is', null)
    .execute();
}

/**
 * Moves an order to `to` only from one of `from`: the one statement that decides, under any
 * concurrency, which of several webhooks applies a status (the others change nothing).
 */
export async function moveOrder(
  trx: Db,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: number,
): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable('orders')
      .set({ status: to, updated_at: now, ...(to === 'completed' && { completed_at: now }) })
      .where('id', '=', orderId)
      .where('status', 'in', [...from]),
  );
}

/**
 * Claims the right to ask the provider about a pending order now: true for one caller per
 * `intervalMs`, however many poll at once (the one conditional update decides).
 */
export async function claimProviderCheck(
  db: Db,
  orderId: string,
  now: number,
  intervalMs: number,
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('orders')
      .set({ provider_checked_at: now })
      .where('id', '=', orderId)
      .where((eb) =>
        eb.or([eb('provider_checked_at', 'is', null), eb('provider_checked_at', '<=', now - intervalMs)]),
      ),
  );
}

/** Whether another pending or completed order of the member names one of `codes`. */
export async function otherOrderWithCode(
  db: Db,
  network: string,
  memberId: string,
  orderId: string,
  codes: readonly string[],
): Promise<boolean> {
  const row = await memberOrders(db, network, memberId)
    .select('id')
    .where('id', '!=', orderId)
    .where('status', 'in', ['pending', 'completed'])
    .where('discount_code', 'in', [...codes])
    .executeTakeFirst();
  return row !== undefined;
}

/** Any purchase makes the member premium for good (spec §1). */
export async function markPaidUser(trx: Db, network: string, memberId: string): Promise<void> {
  await updateInNetwork(trx, 'members', network, { id: memberId }).set({ paid_user: 1 }).execute();
}

/** Who receives an order's receipt, in which language, and the country its VAT is due in. */
export async function buyerOf(db: Db, network: string, memberId: string) {
  return db
    .selectFrom('members as m')
    .leftJoin('profiles as p', 'p.member_id', 'm.id')
    .select(['m.email', 'm.language', 'm.signup_country', 'p.name', 'p.country'])
    .where('m.network_id', '=', network)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}
