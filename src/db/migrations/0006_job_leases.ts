import type { Kysely } from 'kysely';
import { msType } from './schema-helpers.ts';

/*
 * Leases of the periodic jobs (src/server/jobs/): a row per job names the process that holds it
 * and until when, so processes sharing one database never run the same job at once, and a job
 * runs once per interval however many processes there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('last_run_at', ms)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
