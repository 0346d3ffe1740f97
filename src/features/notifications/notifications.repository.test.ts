import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../accounts/accounts.repository.ts';
import { testAccounts, type TestAccounts } from '../accounts/accounts.test-support.ts';
import { createMemberProfile } from '../profiles/index.ts';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DISABLED_REASONS,
  PUSH_SETTINGS,
} from './notifications.constants.ts';
import { packedPreferenceRows, preferenceRows, unpackPreferenceRows } from './notifications.repository.ts';
import { notificationPreferences, notificationPreferencesOfPacked } from './notifications.service.ts';

let t: TestAccounts;
const MEMBER = 'm-packed';
const OTHER = 'm-other';

beforeAll(async () => {
  t = await testAccounts();
  for (const id of [MEMBER, OTHER])
    await insertAccount(
      t.ctx.db,
      t.ctx.network,
      {
        id,
        network_id: t.ctx.network,
        site_id: t.ctx.site.id,
        email: `${id}@example.org`,
        password_hash: 'x',
        status: 'active',
        language: 'en',
        created_at: 1000,
      },
      (trx) =>
        createMemberProfile(trx, t.ctx.network, {
          id: `p-${id}`,
          memberId: id,
          siteId: t.ctx.site.id,
          name: 'Robin',
          gender: 'female',
          seeking: 'male',
          birthdate: '1990-01-01',
          country: 'NL',
          status: 'active',
          createdAt: 1000,
        }),
    );
});
afterAll(async () => {
  await t.close();
});

/** The member's rows packed by the subquery, as a statement that reads the member brings them. */
async function packedOf(memberId: string): Promise<string | null> {
  const row = await t.ctx.db
    .selectFrom('members as m')
    .select(packedPreferenceRows(t.ctx.db, t.ctx.network, 'm.id').as('packed'))
    .where('m.id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.packed;
}

const byCategory = <R extends { category: string }>(rows: readonly R[]) =>
  [...rows].sort((a, b) => a.category.localeCompare(b.category));

const anyRows = fc.uniqueArray(
  fc.record({
    category: fc.constantFrom(...NOTIFICATION_CATEGORIES, ...PUSH_SETTINGS),
    disabled: fc.constantFrom(0 as const, 1 as const),
    reason: fc.option(fc.constantFrom(...NOTIFICATION_DISABLED_REASONS), { nil: null }),
  }),
  { selector: (row) => row.category },
);

describe('packed notification preferences', () => {
  it('read back as the rows and the settings a statement of their own reads', async () => {
    await fc.assert(
      fc.asyncProperty(anyRows, anyRows, async (mine, others) => {
        await t.ctx.db.deleteFrom('notification_preferences').execute();
        for (const [memberId, rows] of [
          [MEMBER, mine],
          [OTHER, others],
        ] as const)
          for (const row of rows)
            await t.ctx.db
              .insertInto('notification_preferences')
              .values({ ...row, member_id: memberId, network_id: t.ctx.network, updated_at: 1 })
              .execute();
        const packed = await packedOf(MEMBER);
        expect(byCategory(unpackPreferenceRows(packed))).toEqual(
          byCategory(await preferenceRows(t.ctx.db, t.ctx.network, MEMBER)),
        );
        expect(notificationPreferencesOfPacked(packed)).toEqual(await notificationPreferences(t.ctx, MEMBER));
      }),
      { numRuns: 60 },
    );
  });

  it('are null for a member without rows, whose settings are the defaults', async () => {
    await t.ctx.db.deleteFrom('notification_preferences').execute();
    expect(await packedOf(MEMBER)).toBeNull();
    expect(notificationPreferencesOfPacked(null)).toEqual(await notificationPreferences(t.ctx, MEMBER));
  });

  it('are only the rows of the member of the network named', async () => {
    await t.ctx.db.deleteFrom('notification_preferences').execute();
    await t.ctx.db
      .insertInto('notification_preferences')
      .values([
        {
          member_id: OTHER,
          network_id: t.ctx.network,
          category: 'news',
          disabled: 1,
          reason: null,
          updated_at: 1,
        },
        {
          member_id: MEMBER,
          network_id: 'elsewhere',
          category: 'push',
          disabled: 1,
          reason: null,
          updated_at: 1,
        },
      ])
      .execute();
    expect(await packedOf(MEMBER)).toBeNull();
  });
});
