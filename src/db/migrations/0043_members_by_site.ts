import type { Kysely } from 'kysely';
import { addIndex, dropIndexes } from './schema-helpers.ts';

/*
 * A site's members in id order. The weekly update walks each site's members in pages by id;
 * without this index SQLite walked every member of the database in id order to find a site's,
 * and a site with few members (a new brand of a large network) cost a walk of all of them per
 * page: 170–290 ms of one statement at a million members, every ten minutes, with no request
 * answered meanwhile.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'members_site_id_idx', 'members', ['site_id', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['members_site_id_idx']);
}
