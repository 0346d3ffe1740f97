import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withMigratingDatabase } from '../../../tests/support/dialect-database.ts';
import { MANDATE_PAYER, testMember } from '../../../tests/support/rows.ts';

/*
 * Migrations after row-level security (0039) that rewrite existing rows (0041 fills in each
 * mandate's reference, 0042 each reversal's id and each sent mailing's end) must reach every
 * network's rows when the migrating role owns the tables but is no superuser: FORCE applies the
 * policies to the owner too, so an unbound rewrite would change nothing (and 0042 would then fail
 * on its `not null`, or leave old mailings to be sent again).
 */

const T = 1_763_000_000_123;

describe('rewrites of existing rows after row-level security, migrated by the tables’ owner', () => {
  it('fill in every network’s mandates, reversals and mailings', async () => {
    await withMigratingDatabase(
      'postgres',
      async ({ db, migrateTo }) => {
        await migrateTo('0038_console_codes');
        for (const network of ['amber', 'curvy']) {
          const member = `m-${network}`;
          const order = `o-${network}`;
          await db
            .insertInto('members')
            .values(testMember({ id: member, network_id: network, site_id: 'localhost', created_at: T }))
            .execute();
          await db
            .insertInto('orders')
            .values({
              id: order,
              network_id: network,
              site_id: 'localhost',
              member_id: member,
              bundle_id: 'b1',
              credits: 100,
              amount: 1499,
              currency: 'EUR',
              payment_method: 'sdd',
              provider: 'test',
              status: 'completed',
              created_at: T,
              updated_at: T,
            })
            .execute();
          await db
            .insertInto('directdebit_mandates')
            .values({
              id: `dd-${network}`,
              network_id: network,
              site_id: 'localhost',
              member_id: member,
              order_id: order,
              ...MANDATE_PAYER,
              created_at: T,
            })
            .execute();
          await db
            .insertInto('payment_reversals')
            .values({
              order_id: order,
              network_id: network,
              member_id: member,
              kind: 'returned_debit',
              currency: 'EUR',
              amount: 1499,
              credits_reversed: 100,
              credits_unrecovered: 0,
              created_at: T,
            })
            .execute();
          await db
            .insertInto('console_mailings')
            .values({
              id: `cm-${network}`,
              network_id: network,
              site_id: 'localhost',
              category: 'news',
              locale: 'en',
              subject: 'Hello',
              body: 'News',
              sent_at: T,
              created_at: T,
            })
            .execute();
        }

        await migrateTo('0042_reversals_per_return');

        // The owner reads under the policies too: bound to both networks, it sees every row.
        await db.transaction().execute(async (trx) => {
          await sql`select set_config('kindred.network', 'amber,curvy', true)`.execute(trx);
          expect(
            await trx
              .selectFrom('directdebit_mandates')
              .select(['id', 'reference', 'signed_at'])
              .orderBy('id')
              .execute(),
          ).toEqual([
            { id: 'dd-amber', reference: 'dd-amber', signed_at: T },
            { id: 'dd-curvy', reference: 'dd-curvy', signed_at: T },
          ]);
          expect(
            await trx.selectFrom('payment_reversals').select(['id', 'order_id']).orderBy('id').execute(),
          ).toEqual([
            { id: 'o-amber', order_id: 'o-amber' },
            { id: 'o-curvy', order_id: 'o-curvy' },
          ]);
          expect(
            await trx.selectFrom('console_mailings').select(['id', 'finished_at']).orderBy('id').execute(),
          ).toEqual([
            { id: 'cm-amber', finished_at: T },
            { id: 'cm-curvy', finished_at: T },
          ]);
        });
        // FORCE is back on after each rewrite: unbound, the owner reads nothing.
        expect(await db.selectFrom('payment_reversals').select('id').execute()).toEqual([]);
        expect(await db.selectFrom('directdebit_mandates').select('id').execute()).toEqual([]);
      },
      { as: 'owner' },
    );
  }, 60_000);

  it.each(['sqlite', 'postgres'] as const)(
    'fill in every network’s last weekly look from the mail log (%s)',
    async (dialect) => {
      await withMigratingDatabase(
        dialect,
        async ({ db, migrateTo }) => {
          await migrateTo('0043_members_by_site');
          const DAY = 86_400_000;
          // After 0039 the owner writes, as it reads, only the networks it is bound to.
          await db.transaction().execute(async (trx) => {
            if (dialect === 'postgres')
              await sql`select set_config('kindred.network', 'amber,curvy', true)`.execute(trx);
            for (const network of ['amber', 'curvy']) {
              for (const id of [`looked-${network}`, `never-${network}`])
                await trx
                  .insertInto('members')
                  .values(testMember({ id, network_id: network, site_id: 'localhost', created_at: T }))
                  .execute();
              const looks = [
                ['weekly_checked', T + DAY],
                ['weekly_update', T + 8 * DAY],
                ['weekly_checked', T + 15 * DAY],
                // Not a weekly look: no part of it.
                ['unread_reminder', T + 20 * DAY],
              ] as const;
              for (const [i, [kind, at]] of looks.entries())
                await trx
                  .insertInto('mail_log')
                  .values({
                    id: `log-${network}-${i}`,
                    network_id: network,
                    member_id: `looked-${network}`,
                    kind,
                    ref: '',
                    sent_at: at,
                  })
                  .execute();
            }
          });

          await migrateTo('0044_weekly_look');

          await db.transaction().execute(async (trx) => {
            if (dialect === 'postgres')
              await sql`select set_config('kindred.network', 'amber,curvy', true)`.execute(trx);
            const rows = await trx
              .selectFrom('members')
              .select(['id', 'weekly_looked_at'])
              .orderBy('id')
              .execute();
            expect(rows.map((row) => ({ ...row, weekly_looked_at: Number(row.weekly_looked_at) }))).toEqual([
              { id: 'looked-amber', weekly_looked_at: T + 15 * DAY },
              { id: 'looked-curvy', weekly_looked_at: T + 15 * DAY },
              { id: 'never-amber', weekly_looked_at: 0 },
              { id: 'never-curvy', weekly_looked_at: 0 },
            ]);
          });
          if (dialect === 'postgres')
            expect(await db.selectFrom('members').select('id').execute()).toEqual([]);
        },
        { as: 'owner' },
      );
    },
    60_000,
  );
});
