import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * Realtime events are read by member and id (a stream's catch-up) and removed with their member
 * (the privacy hook); nothing reads them by time, and retention leaves them alone. 0001's index
 * on their time only cost every stored event one more index entry: a chat send stores two.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_created_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'events_created_idx', 'events', ['created_at']);
}
