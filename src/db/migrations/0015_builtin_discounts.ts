import type { Kysely } from 'kysely';

/*
 * The two discount codes every site has: the welcome discount (25 % on the first purchase) and
 * the time bonus (25 % within four hours of signup). Their extra conditions live in the credits
 * feature; as rows they get what every code gets, above all the unique redemption per member
 * that keeps them to one use each however many orders race.
 */
const BUILT_IN = [
  { id: 'discount-welcome25', code: 'WELCOME25' },
  { id: 'discount-timebonus25', code: 'TIMEBONUS25' },
];

/**
 * A discount code's row as 0001 made the table: `percentage` off, once per member, for any
 * amount, currency and country, active and never ending.
 */
export function unconditionalCode({
  created_at,
  ...code
}: {
  id: string;
  code: string;
  network_id: string | null;
  percentage: number;
  created_at: number;
}) {
  return {
    ...code,
    minimum_amount: null,
    currency: null,
    country: null,
    validity: 'once_per_user',
    active: 1,
    expires_at: null,
    created_at,
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('discount_codes')
    .values(BUILT_IN.map((c) => unconditionalCode({ ...c, network_id: null, percentage: 25, created_at: 0 })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('discount_codes')
    .where(
      'id',
      'in',
      BUILT_IN.map((c) => c.id),
    )
    .execute();
}
