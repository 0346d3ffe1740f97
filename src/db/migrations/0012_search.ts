import type { Kysely } from 'kysely';
import { msType } from './schema-helpers.ts';

/*
 * The member search (discovery):
 * - `search_filters`: each member's last used filters, for /match-finder;
 * - indexes for its keyset order (last activity, then id) within a network when the search names a
 *   country or a gender, so the first page and any page behind a cursor read about 20 index
 *   entries instead of walking the whole network (0001's `profiles_active_idx` serves the search
 *   without those filters).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_filters')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('updated_at', msType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('profiles_search_country_active_idx')
    .on('profiles')
    .columns(['network_id', 'country', 'last_active_at', 'id'])
    .execute();
  await db.schema
    .createIndex('profiles_search_gender_active_idx')
    .on('profiles')
    .columns(['network_id', 'gender', 'last_active_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profiles_search_gender_active_idx').execute();
  await db.schema.dropIndex('profiles_search_country_active_idx').execute();
  await db.schema.dropTable('search_filters').execute();
}
