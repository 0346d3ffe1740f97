import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../db/database.ts';

export async function insertPageEvent(db: Kysely<Database>, row: NewRow<'page_events'>): Promise<void> {
  await db.insertInto('page_events').values(row).execute();
}

/** Events of one site, newest first (for operators' reports and tests). */
export async function listPageEvents(db: Kysely<Database>, networkId: string, siteId: string, limit: number) {
  return db
    .selectFrom('page_events')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
