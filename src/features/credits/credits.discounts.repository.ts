import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { compiledOnce, compiledPerShape } from '../../db/compiled.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { deleteInNetwork, selectInNetwork } from '../../db/query-network.ts';

/*
 * Discount codes' SQL: the codes of `discount_codes` and their redemptions. The reads of every
 * credits page (the code, the member) are compiled once (`compiledOnce`). The unique
 * `(discount_code_id, member_id)` constraint is what keeps a code to one use per member when
 * orders race; the service only decides which refusal to answer.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An active code valid on this site (the network's own, for every site of it or this one, or one
 * for every network), by its upper-case text. The network's own comes first: a network may name
 * a code as one for every network is named (the unique key is per network).
 */
const codeQuery = compiledOnce(
  ['code', 'network', 'siteId'],
  (db, v: { code: string; network: string; siteId: string }) =>
    db
      .selectFrom('discount_codes')
      .selectAll()
      .where('code', '=', v.code)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('network_id', 'is', null), eb('network_id', '=', v.network)]))
      .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', v.siteId)]))
      .orderBy((eb) => eb.case().when('network_id', 'is', null).then(1).else(0).end()),
);

export async function findCode(db: Db, network: string, siteId: string, code: string) {
  return codeQuery.executeTakeFirst(db, { code, network, siteId });
}

export type CodeRow = NonNullable<Awaited<ReturnType<typeof findCode>>>;

/* The built-in codes, which every credits page asks both of: one statement, compiled once. */
const codesQuery = compiledOnce(
  ['first', 'second', 'network', 'siteId'],
  (db, v: { first: string; second: string; network: string; siteId: string }) =>
    db
      .selectFrom('discount_codes')
      .selectAll()
      .where('code', 'in', [v.first, v.second])
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('network_id', 'is', null), eb('network_id', '=', v.network)]))
      .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', v.siteId)]))
      .orderBy((eb) => eb.case().when('network_id', 'is', null).then(1).else(0).end()),
);

/** `findCode` of two codes in one statement, by code (the network's own before a global one). */
export async function findTwoCodes(
  db: Db,
  network: string,
  siteId: string,
  [first, second]: readonly [string, string],
): Promise<Map<string, CodeRow>> {
  const found = new Map<string, CodeRow>();
  for (const row of await codesQuery.execute(db, { first, second, network, siteId }))
    if (!found.has(row.code)) found.set(row.code, row);
  return found;
}

/** A code valid on this network whether or not it is still active (an order placed with it settles). */
export async function findCodeOfOrder(db: Db, network: string, code: string) {
  return db
    .selectFrom('discount_codes')
    .selectAll()
    .where('code', '=', code)
    .where((eb) => eb.or([eb('network_id', 'is', null), eb('network_id', '=', network)]))
    .orderBy((eb) => eb.case().when('network_id', 'is', null).then(1).else(0).end())
    .executeTakeFirst();
}

/**
 * What the discount rules need of a member: paid or not, signup time, country, balance, and
 * whether they hold a first-purchase discount (`holds_first_purchase`: 0 or 1 on SQLite, a
 * boolean on PostgreSQL), read with the member rather than in a statement of its own (every
 * credits page asks it).
 */
const discountMemberQuery = compiledOnce(
  ['network', 'memberId'],
  (db, v: { network: string; memberId: string }) =>
    db
      .selectFrom('members as m')
      .leftJoin('profiles as p', 'p.member_id', 'm.id')
      .select(['m.id', 'm.paid_user', 'm.created_at', 'm.signup_country', 'm.credits', 'p.country'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('discount_redemptions as fp')
              .select('fp.id')
              .where('fp.network_id', '=', v.network)
              .whereRef('fp.member_id', '=', 'm.id')
              .where('fp.first_purchase', '=', 1),
          )
          .$castTo<number | boolean>()
          .as('holds_first_purchase'),
      )
      .where('m.network_id', '=', v.network)
      .where('m.id', '=', v.memberId),
);

export async function discountMemberOf(db: Db, network: string, memberId: string) {
  return discountMemberQuery.executeTakeFirst(db, { network, memberId });
}

/* Compiled once for a code's redemptions and once for a member's (every credits page asks). */
const redemptionsQuery = compiledPerShape((db, v: { codeId: string; memberId: string | undefined }) => {
  const query = db
    .selectFrom('discount_redemptions')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('discount_code_id', '=', v.codeId);
  return v.memberId === undefined ? query : query.where('member_id', '=', v.memberId);
});

/** How many redemptions a code has: all of them, or only the member's when `memberId` is given. */
export async function countRedemptions(db: Db, codeId: string, memberId?: string): Promise<number> {
  const row = await redemptionsQuery.executeTakeFirst(db, { codeId, memberId });
  return Number(row?.n ?? 0);
}

const firstPurchaseDiscountQuery = compiledOnce(
  ['network', 'memberId'],
  (db, v: { network: string; memberId: string }) =>
    selectInNetwork(db, 'discount_redemptions', v.network, { member_id: v.memberId })
      .select('id')
      .where('first_purchase', '=', 1),
);

/** Whether the member holds a first-purchase discount (the welcome code or the time bonus). */
export async function holdsFirstPurchaseDiscount(
  db: Db,
  network: string,
  memberId: string,
): Promise<boolean> {
  return (await firstPurchaseDiscountQuery.executeTakeFirst(db, { network, memberId })) !== undefined;
}

/**
 * Holds the code's row until the transaction ends, so two orders for a single-use code queue
 * here and the second sees the first's redemption (the same no-op update as the ledger's lock).
 */
export async function lockCode(trx: Transaction<Database>, codeId: string): Promise<void> {
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ percentage: eb.ref('percentage') }))
    .where('id', '=', codeId)
    .execute();
}

export interface NewRedemption {
  id: string;
  codeId: string;
  memberId: string;
  network: string;
  /** The welcome discount or the time bonus: one of them per member at a time. */
  firstPurchase: boolean;
  now: number;
}

/**
 * Records the redemption. The order's row is written after the reservation, in the same
 * transaction, so `order_id` stays empty: the order names its code, and the code with the
 * member names the redemption. Answers false when the member already holds the code, or another
 * first-purchase discount for a first-purchase one (a unique constraint refused it: another order
 * took it between the check and the insert).
 */
export async function insertRedemption(trx: Transaction<Database>, r: NewRedemption): Promise<boolean> {
  try {
    await trx
      .insertInto('discount_redemptions')
      .values({
        id: r.id,
        discount_code_id: r.codeId,
        member_id: r.memberId,
        network_id: r.network,
        order_id: null,
        first_purchase: r.firstPurchase ? 1 : null,
        created_at: r.now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

/** The order a discount was reserved for: its member and the code it names. */
export async function orderDiscountOf(trx: Transaction<Database>, network: string, orderId: string) {
  return selectInNetwork(trx, 'orders', network, { id: orderId })
    .select(['member_id', 'discount_code'])
    .executeTakeFirst();
}

export async function deleteRedemption(
  trx: Transaction<Database>,
  network: string,
  memberId: string,
  code: string,
): Promise<void> {
  await deleteInNetwork(trx, 'discount_redemptions', network, { member_id: memberId })
    .where('discount_code_id', 'in', (eb) =>
      eb
        .selectFrom('discount_codes')
        .select('id')
        .where('code', '=', code)
        .where((w) => w.or([w('network_id', 'is', null), w('network_id', '=', network)])),
    )
    .execute();
}
