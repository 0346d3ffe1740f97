import { sql, type Kysely } from 'kysely';
import { COUNT_REST as COUNT_REST_0012, createCountIndexes, dropCountIndexes } from './0012_search.ts';

/*
 * Who may find a profile, kept on the profile itself: `public`, `private` (only those the member
 * liked or wrote to) or `invisible`, a copy of the account's two switches that the accounts
 * feature writes with them. The member area's visibility rule then needs no lookup of the
 * account for each profile it considers: a search's count of up to 1,001 matches read one index
 * entry and one account row each, about 5 ms of a first page on PostgreSQL. The count's covering
 * indexes of 0012 are made again with the column in them. Operator profiles are `public`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('listing', 'text', (c) => c.notNull().defaultTo('public'))
    .execute();
  await sql`
    update profiles set listing = coalesce(
      (select case when m.invisible = 1 then 'invisible' when m.private = 1 then 'private' else 'public' end
         from members m where m.id = profiles.member_id),
      'public')
  `.execute(db);
  await dropCountIndexes(db);
  await createCountIndexes(db, COUNT_REST);
}

/** What the count reads besides its lead columns, so that it never visits the table (0031 adds one). */
export const COUNT_REST = [
  'status',
  'listing',
  'seeking',
  'country',
  'region',
  'last_active_at',
  'site_id',
  'main_photo_id',
  'id',
];

export async function down(db: Kysely<any>): Promise<void> {
  await dropCountIndexes(db);
  // Back to the 0012 indexes' columns.
  await createCountIndexes(db, COUNT_REST_0012);
  await db.schema.alterTable('profiles').dropColumn('listing').execute();
}
