import type { Kysely } from 'kysely';
import { addIndex, cascadingReference, createNetworkTable, flag, msType } from './schema-helpers.ts';

/*
 * A message of a member who has not confirmed the e-mail address yet is stored and paid for at
 * once but reaches nobody until the account is activated (API.md "Chat": 202 `held`). The flag
 * says which rows activation still has to deliver; the receiver's reads leave them out until then.
 *
 * Pictures sent in a chat are not profile photos (they count against no photo limit and are
 * never public): `chat_photos` keeps their re-encoded files, each under a random name, served
 * only to the two sides of the conversation they were sent in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('held', 'integer', flag('held')).execute();
  await createNetworkTable(db, 'chat_photos')
    .addColumn('profile_id', 'text', cascadingReference('profiles.id'))
    .addColumn('filename', 'text', (c) => c.notNull().unique())
    .addColumn('thumb_filename', 'text', (c) => c.notNull().unique())
    .addColumn('blur_filename', 'text', (c) => c.notNull().unique())
    .addColumn('blur_thumb_filename', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
  await addIndex(db, 'chat_photos_profile_idx', 'chat_photos', ['profile_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_photos').execute();
  await db.schema.alterTable('messages').dropColumn('held').execute();
}
