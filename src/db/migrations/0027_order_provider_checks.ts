import type { Kysely } from 'kysely';
import { msType } from './schema-helpers.ts';

/*
 * When the shop last asked the provider about a pending order on the member's behalf (a poll of
 * `GET /api/transaction.php`): one conditional update on it lets one poll per 10 seconds through
 * to the provider, however many tabs and retries ask.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('provider_checked_at', msType(db)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('provider_checked_at').execute();
}
