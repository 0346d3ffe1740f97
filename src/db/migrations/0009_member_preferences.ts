import type { Kysely } from 'kysely';

/*
 * Two things the browser tells the server about a member (API.md `PUT /api/user.php`):
 * - `time_zone`: an IANA name, so a daily limit (the swipe game's likes) starts at the member's
 *   own midnight; null until the browser first says it, and then UTC is assumed;
 * - `dismissed_alerts`: JSON `{ alert: epoch ms }` of the alerts the member closed (spec §3:
 *   enrich profile, push, disabled notifications, time bonus), so they stay closed on every device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('members').addColumn('dismissed_alerts', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('dismissed_alerts').execute();
  await db.schema.alterTable('members').dropColumn('time_zone').execute();
}
