import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberProfile } from '../profiles/index.ts';
import { insertAccount, type NewMember } from './accounts.repository.ts';
import { testAccounts, type TestAccounts } from './accounts.test-support.ts';

let t: TestAccounts;
beforeAll(async () => {
  t = await testAccounts();
});
afterAll(async () => {
  await t.close();
});

function member(id: string): NewMember {
  return {
    id,
    network_id: t.ctx.network,
    site_id: t.ctx.site.id,
    email: `${id}@example.org`,
    password_hash: 'x',
    status: 'not_confirmed',
    language: 'en',
    created_at: 1000,
  };
}

const profile = (id: string, memberId: string) => ({
  id,
  memberId,
  siteId: t.ctx.site.id,
  name: 'Robin',
  gender: 'female' as const,
  seeking: 'male' as const,
  birthdate: '1990-01-01',
  country: 'NL',
  status: 'disabled' as const,
  createdAt: 1000,
});

describe('insertAccount', () => {
  it('writes the account and the profile the profiles feature makes, in one transaction', async () => {
    await insertAccount(t.ctx.db, t.ctx.network, member('m-with'), (trx) =>
      createMemberProfile(trx, t.ctx.network, profile('p-with', 'm-with')),
    );
    const row = await t.ctx.db
      .selectFrom('profiles')
      .select(['id', 'member_id', 'network_id', 'site_id', 'status'])
      .where('member_id', '=', 'm-with')
      .executeTakeFirst();
    expect(row).toEqual({
      id: 'p-with',
      member_id: 'm-with',
      network_id: t.ctx.network,
      site_id: t.ctx.site.id,
      status: 'disabled',
    });
  });

  it('leaves no account behind when its profile cannot be written', async () => {
    // The same profile id again: the primary key refuses it.
    await expect(
      insertAccount(t.ctx.db, t.ctx.network, member('m-without'), (trx) =>
        createMemberProfile(trx, t.ctx.network, profile('p-with', 'm-without')),
      ),
    ).rejects.toThrow();
    const left = await t.ctx.db.selectFrom('members').select('id').where('id', '=', 'm-without').execute();
    expect(left).toEqual([]);
  });
});
