import type { Kysely } from 'kysely';
import { addIndex, createNetworkTable, msType, required } from './schema-helpers.ts';

/*
 * Page events the browser reports by beacon (spec §2): how long a visitor stayed on a page
 * opened with `lb` before leaving (`bounce`), and a member's page becoming hidden (`hidden`).
 * No IP, no cookie and no user agent is kept: the rows count behaviour, not people.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await createNetworkTable(db, 'page_events')
    .$call(required('text', ['site_id', 'kind', 'page']))
    .addColumn('ms', 'integer')
    .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'page_events_site_kind_created_idx', 'page_events', ['site_id', 'kind', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_events').execute();
}
