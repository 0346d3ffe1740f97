import { describe, expect, it } from 'vitest';
import { withMigratingDatabase, type MigratingDatabase } from '../../../tests/support/dialect-database.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { unconditionalCode } from './0015_builtin_discounts.ts';

/*
 * Discount codes unique per network: existing codes and their redemptions stay (SQLite makes the
 * table again), the same word may then be in two networks but not twice in one.
 */

const T = 1_763_000_000_123;

async function check({ db, migrateTo }: MigratingDatabase): Promise<void> {
  const insertCode = (id: string, text: string, network: string | null) =>
    db
      .insertInto('discount_codes')
      .values(unconditionalCode({ id, code: text, network_id: network, percentage: 10, created_at: T }))
      .execute();
  await migrateTo('0036_statistics');
  await db
    .insertInto('members')
    .values(testMember({ id: 'm1', network_id: 'amber', site_id: 'localhost', created_at: T }))
    .execute();
  await insertCode('d1', 'SUMMER', 'amber');
  await db
    .insertInto('discount_redemptions')
    .values({
      id: 'r1',
      discount_code_id: 'd1',
      member_id: 'm1',
      network_id: 'amber',
      order_id: null,
      created_at: T,
    })
    .execute();
  await expect(insertCode('d2', 'SUMMER', 'curvy')).rejects.toThrow();

  await migrateTo('0038_console_codes');
  expect(await db.selectFrom('discount_redemptions').select(['id', 'discount_code_id']).execute()).toEqual([
    { id: 'r1', discount_code_id: 'd1' },
  ]);
  expect(
    await db
      .selectFrom('discount_codes')
      .select(['id', 'code', 'network_id'])
      .where('id', '=', 'd1')
      .execute(),
  ).toEqual([{ id: 'd1', code: 'SUMMER', network_id: 'amber' }]);
  await insertCode('d2', 'SUMMER', 'curvy');
  await expect(insertCode('d3', 'SUMMER', 'amber')).rejects.toThrow();
  // The built-in codes (every network) are a network of their own: one WELCOME25 among them.
  await expect(insertCode('d4', 'WELCOME25', null)).rejects.toThrow();
  // The foreign key survived the rebuild: a code's removal takes its redemptions along.
  await db.deleteFrom('discount_codes').where('id', '=', 'd1').execute();
  expect(await db.selectFrom('discount_redemptions').select('id').execute()).toEqual([]);
}

describe('0038_console_codes', () => {
  it('keeps codes and redemptions on SQLite and makes codes unique per network', () =>
    withMigratingDatabase('sqlite', check));

  it('does the same on PostgreSQL', () => withMigratingDatabase('postgres', check), 60_000);
});
