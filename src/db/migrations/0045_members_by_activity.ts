import type { Kysely } from 'kysely';
import { addIndex, dropIndexes } from './schema-helpers.ts';

/*
 * A network's members by their last activity, for the statistics' active members of a day (the
 * rollup of each closed day, and the console's live today at every view). Without it the count
 * read every member of the network: at a million members 0.3 s on SQLite (3 s cold), in which the
 * server answered no request, and 0.1 s on PostgreSQL. The activity is written at most once a
 * minute per member, so the index costs that write little.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'members_network_active_idx', 'members', ['network_id', 'last_active_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['members_network_active_idx']);
}
