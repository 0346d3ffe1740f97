import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * The credit ledger is read by its cause (member, reason, reference: a replayed booking finds
 * its entry) and, rarely, by member (the privacy export, the cascade when the member goes);
 * the unique index on (member_id, reason, reference) serves both. Nothing reads a member's
 * entries in time order through 0001's index on (member_id, created_at): it only cost every
 * booking one more index entry, a page of its own in the commit of each paid chat send.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('credit_ledger_member_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await addIndex(db, 'credit_ledger_member_idx', 'credit_ledger', ['member_id', 'created_at']);
}
