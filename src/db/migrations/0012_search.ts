import type { Kysely } from 'kysely';
import { addIndex, dropIndexes, msType, required } from './schema-helpers.ts';

/*
 * The member search (discovery):
 * - `search_filters`: each member's last used filters, for /match-finder;
 * - indexes for its keyset order (last activity, then id) within a network when the search names a
 *   country or a gender, so the first page and any page behind a cursor read about 20 index
 *   entries instead of walking the whole network (0001's `profiles_active_idx` serves the search
 *   without those filters);
 * - two covering indexes for its count (up to 1,001 matches, API.md): every column the visibility
 *   rule and the filters read from `profiles` is in the index, so counting a thousand matches
 *   reads index entries (and each member's account row) instead of a thousand table rows, led by
 *   the gender and age range of every search, or by the country when one is named;
 * - the account's visibility (status, invisible, private) beside its id, so the rule's one
 *   lookup per counted profile reads an index entry, not the account's row (on PostgreSQL an
 *   index-only scan: the 1M count went from 13–16 ms to 5–7 ms).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_filters')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .$call(required('text', ['network_id', 'filters']))
    .addColumn('updated_at', msType(db), (c) => c.notNull())
    .execute();
  await addIndex(db, 'profiles_search_country_active_idx', 'profiles', [
    'network_id',
    'country',
    'last_active_at',
    'id',
  ]);
  await addIndex(db, 'profiles_search_gender_active_idx', 'profiles', [
    'network_id',
    'gender',
    'last_active_at',
    'id',
  ]);
  await createCountIndexes(db, COUNT_REST);
  await addIndex(db, 'members_visibility_idx', 'members', ['id', 'status', 'invisible', 'private']);
}

/**
 * The count's two covering indexes: led by the network, then the gender and the age range every
 * search has, or by the country when one is named; `rest` is every other column the count reads.
 * 0013 makes them again with its column, and its `down` with these.
 */
export async function createCountIndexes(db: Kysely<any>, rest: string[]): Promise<void> {
  await addIndex(db, 'profiles_search_count_idx', 'profiles', ['network_id', 'gender', 'birthdate', ...rest]);
  await addIndex(db, 'profiles_search_count_country_idx', 'profiles', [
    'network_id',
    'country',
    'gender',
    'birthdate',
    ...rest.filter((c) => c !== 'country'),
  ]);
}

/** Drops the two indexes of `createCountIndexes`, for a `down` or before making them again. */
export async function dropCountIndexes(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['profiles_search_count_idx', 'profiles_search_count_country_idx']);
}

/**
 * What else the visibility rule and the filters read from `profiles`, and the id (blocks refer to
 * it). `main_photo_id` too: SQLite drops the rule's unused photo join from the count but still
 * wants the column it joins on before it calls an index covering.
 */
export const COUNT_REST = [
  'status',
  'seeking',
  'country',
  'region',
  'last_active_at',
  'site_id',
  'member_id',
  'main_photo_id',
  'id',
];

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('members_visibility_idx').execute();
  await dropCountIndexes(db);
  await dropIndexes(db, ['profiles_search_gender_active_idx', 'profiles_search_country_active_idx']);
  await db.schema.dropTable('search_filters').execute();
}
