import { sql, type Kysely } from 'kysely';
import { dialectOf } from './schema-helpers.ts';

/*
 * Row-level security on PostgreSQL (docs/operators.md "PostgreSQL roles"): the database itself
 * keeps each network's member rows from a query that forgot to name its network.
 *
 * Every connection says which networks it works for in the setting `kindred.network` (a comma
 * list, one network for a member request) and, for the console and the jobs, a `kindred.scope`;
 * src/db/client.ts sets both on every pooled connection before a statement runs. Unset, the
 * settings are null and every policy below is false: a query of the unbound handle reads and
 * writes no member row. FORCE applies the policies to the tables' owner as well; only a
 * superuser or a role with BYPASSRLS is exempt, and the app's role is neither.
 *
 * The setting is read in a sub-select, so PostgreSQL evaluates it once per statement (an
 * InitPlan) instead of once per row.
 *
 * Tables without RLS, and why: `job_leases` (job names and process names), `rate_limit_counters`
 * (HMACs of keys, no member data in the clear), `test_payments` (the built-in test provider's own
 * payments, no member reference) and Kysely's migration tables.
 *
 * SQLite has no row-level security: nothing changes there.
 */

/** Every table that holds one network's rows (each has a `network_id`). */
export const NETWORK_TABLES = [
  'auth_events',
  'banned_devices',
  'banned_emails',
  'blocks',
  'chat_photos',
  'complaints',
  'console_mailings',
  'conversation_members',
  'conversations',
  'credit_adjustments',
  'credit_ledger',
  'directdebit_codes',
  'directdebit_mandates',
  'discount_redemptions',
  'events',
  'host_claims',
  'host_question_marks',
  'host_replies',
  'invite_codes',
  'like_days',
  'like_notices',
  'likes',
  'mail_log',
  'mail_pending',
  'member_devices',
  'members',
  'messages',
  'moderation_appeals',
  'moderation_decisions',
  'notification_preferences',
  'order_refunds',
  'orders',
  'page_events',
  'payment_customers',
  'payment_reversals',
  'photos',
  'profile_interests',
  'profiles',
  'push_outbox',
  'push_subscriptions',
  'reports',
  'search_filters',
  'sessions',
  'statistics_daily',
  'statistics_progress',
  'swipes',
  'text_reviews',
  'tokens',
  'tracking_records',
] as const;

/** The console's own tables: staff accounts and their sessions, only for the console and the jobs. */
const STAFF_TABLES = ['staff', 'staff_sessions', 'staff_recovery_codes', 'staff_roles'] as const;

const NETWORKS = sql`(select string_to_array(current_setting('kindred.network', true), ','))::text[]`;
const STAFF_SCOPE = sql`(select current_setting('kindred.scope', true)) in ('console', 'system')`;

async function protect(db: Kysely<any>, table: string, using: unknown, check: unknown = using): Promise<void> {
  const t = sql.table(table);
  await sql`alter table ${t} enable row level security`.execute(db);
  await sql`alter table ${t} force row level security`.execute(db);
  await sql`create policy kindred_rows on ${t} using (${using}) with check (${check})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of NETWORK_TABLES) {
    await protect(db, table, sql`network_id = any (${NETWORKS})`);
  }
  // A code of network null (the built-in welcome code and time bonus) is every network's.
  await protect(db, 'discount_codes', sql`network_id is null or network_id = any (${NETWORKS})`);
  for (const table of STAFF_TABLES) await protect(db, table, STAFF_SCOPE);
  // The console and the jobs read the log; a member request that moderates (an automatic
  // decision) writes its own network's entries.
  await protect(db, 'audit_log', STAFF_SCOPE, sql`${STAFF_SCOPE} or network_id = any (${NETWORKS})`);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of [...NETWORK_TABLES, 'discount_codes', ...STAFF_TABLES, 'audit_log']) {
    const t = sql.table(table);
    await sql`drop policy if exists kindred_rows on ${t}`.execute(db);
    await sql`alter table ${t} no force row level security`.execute(db);
    await sql`alter table ${t} disable row level security`.execute(db);
  }
}
