import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * The signup form's optional first message (spec §3 Signup form: `signup_message`) and the
 * profile it was written to when the visitor signed up from one. Kept on the account until the
 * chat delivers it once the address is confirmed (unconfirmed members' messages reach nobody).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').addColumn('signup_message', 'text').execute();
  await db.schema.alterTable('members').addColumn('signup_profile_id', 'text').execute();
  // The erasure job looks for deleted accounts whose reactivation window has passed.
  await addIndex(db, 'members_status_reactivate_idx', 'members', ['status', 'reactivate_until']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('members_status_reactivate_idx').execute();
  await db.schema.alterTable('members').dropColumn('signup_profile_id').execute();
  await db.schema.alterTable('members').dropColumn('signup_message').execute();
}
