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

const NETWORKS = `(select string_to_array(current_setting('kindred.network', true), ','))::text[]`;
const STAFF_SCOPE = `(select current_setting('kindred.scope', true)) in ('console', 'system')`;

/** The statements that put `table` under its policy (the names are this file's constants). */
function protect(table: string, using: string, check: string = using): string {
  return [
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
    `create policy kindred_rows on ${table} using (${using}) with check (${check})`,
  ].join(';\n');
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const statements = [
    ...NETWORK_TABLES.map((table) => protect(table, `network_id = any (${NETWORKS})`)),
    // A code of network null (the built-in welcome code and time bonus) is every network's.
    protect('discount_codes', `network_id is null or network_id = any (${NETWORKS})`),
    ...STAFF_TABLES.map((table) => protect(table, STAFF_SCOPE)),
    // The console and the jobs read the log; a member request that moderates (an automatic
    // decision) writes its own network's entries.
    protect('audit_log', STAFF_SCOPE, `${STAFF_SCOPE} or network_id = any (${NETWORKS})`),
  ];
  // One round trip (a query without parameters may hold several statements), in the
  // migration's transaction.
  await sql.raw(statements.join(';\n')).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const tables = [...NETWORK_TABLES, 'discount_codes', ...STAFF_TABLES, 'audit_log'];
  const statements = tables.map(
    (table) =>
      `drop policy if exists kindred_rows on ${table};\n` +
      `alter table ${table} no force row level security;\n` +
      `alter table ${table} disable row level security`,
  );
  await sql.raw(statements.join(';\n')).execute(db);
}
