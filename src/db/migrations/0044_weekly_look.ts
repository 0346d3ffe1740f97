import { sql, type Kysely } from 'kysely';
import { addIndex, dropIndexes, msType, rewritingEveryNetwork } from './schema-helpers.ts';

/*
 * When the weekly update last looked at a member's week, on the member's row, and an index that
 * finds the members due in the order they fell due. Before, every run (every ten minutes) walked
 * all the active members of every site in pages of 500 and asked the mail log which of each page
 * it had looked at within the week: work in proportion to the network for the few members that
 * fall due in ten minutes, and a `weekly_checked` row in the mail log per member and week.
 *
 * 0 is "never looked at": such a member is due a week after joining (the index's next column),
 * so a new member needs nothing written at signup. The last look of every member the mail log
 * knows is filled in from it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('weekly_looked_at', msType(db), (column) => column.notNull().defaultTo(0))
    .execute();
  // Under PostgreSQL's forced row-level security (0039) the owner that migrates would otherwise
  // read no network's mail log and rewrite no network's members.
  await rewritingEveryNetwork(db, 'members', () =>
    rewritingEveryNetwork(db, 'mail_log', async () => {
      await sql`
        update members set weekly_looked_at = looked.at
        from (
          select network_id, member_id, max(sent_at) as at from mail_log
          where kind in ('weekly_update', 'weekly_checked')
          group by network_id, member_id
        ) as looked
        where members.network_id = looked.network_id and members.id = looked.member_id`.execute(db);
    }),
  );
  await addIndex(db, 'members_weekly_due_idx', 'members', [
    'network_id',
    'site_id',
    'status',
    'weekly_looked_at',
    'created_at',
    'id',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['members_weekly_due_idx']);
  await db.schema.alterTable('members').dropColumn('weekly_looked_at').execute();
}
