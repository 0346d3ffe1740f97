import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testMember } from '../../../tests/support/rows.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { paymentsPrivacy } from './payments.privacy.ts';

/* Erasure deletes the member's customer at the provider (its stored mandates), nobody else's. */

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const network = 'n1';

async function memberWithCustomer(id: string, customer: string): Promise<void> {
  await db
    .insertInto('members')
    .values(testMember({ id, network_id: network, site_id: 'localhost', created_at: 1 }))
    .execute();
  await db
    .insertInto('payment_customers')
    .values({ network_id: network, member_id: id, provider: 'mollie', customer_id: customer, created_at: 2 })
    .execute();
}

describe('the payments privacy hook', () => {
  beforeAll(async () => {
    await memberWithCustomer('m1', 'cst_one');
    await memberWithCustomer('m2', 'cst_two');
  });

  it('exports the member’s customer at the provider', async () => {
    const parts = await paymentsPrivacy.export(
      db,
      { network, memberId: 'm1', profileId: null, now: 3 },
      { mediaUrl: (key) => key },
    );
    expect(parts.payment_customers).toEqual([
      { provider: 'mollie', customer_id: 'cst_one', created_at: new Date(2).toISOString() },
    ]);
  });

  it('erases the member’s customer link, so no stored card can be charged again, and keeps others’', async () => {
    await db
      .transaction()
      .execute((trx) => paymentsPrivacy.erase(trx, { network, memberId: 'm1', profileId: null, now: 3 }));
    const left = await db.selectFrom('payment_customers').select('customer_id').execute();
    expect(left.map((r) => r.customer_id)).toEqual(['cst_two']);
  });
});
