import type { Kysely } from 'kysely';
import { addIndex, cascadingReference, dropTables, flag, msType, required } from './schema-helpers.ts';

/*
 * The operator console (../shared/ARCHITECTURE.md "Operator console"). Staff are not members:
 * their own accounts (`staff`), roles per network (`staff_roles`, network `*` = every network),
 * sessions (`staff_sessions`, their own cookie, ended after 30 idle minutes) and one-time
 * recovery codes (`staff_recovery_codes`, stored as hashes).
 *
 * `audit_log` records every console action: who (the staff id and the address they used then),
 * what, on which target, the state before and after, and when. `member_id` names the member the
 * action concerns, so erasing that member can redact their data in it (the privacy hook) while
 * who did what stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .$call(required('text', ['password_hash', 'totp_secret']))
    .addColumn('must_change_password', 'integer', flag('must_change_password', 1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('disabled_at', ms)
    .addColumn('last_login_at', ms)
    // The last TOTP time step accepted: a code is good once (RFC 6238 §5.2).
    .addColumn('totp_last_step', ms)
    .execute();
  await db.schema
    .createTable('staff_roles')
    .addColumn('staff_id', 'text', cascadingReference('staff.id'))
    .$call(required('text', ['network_id', 'role']))
    .addPrimaryKeyConstraint('staff_roles_pk', ['staff_id', 'network_id'])
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', cascadingReference('staff.id'))
    .$call(required(ms, ['created_at', 'last_seen_at', 'expires_at']))
    .addColumn('ip', 'text')
    .execute();
  await addIndex(db, 'staff_sessions_staff_idx', 'staff_sessions', ['staff_id']);
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'text', cascadingReference('staff.id'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('used_at', ms)
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'hash'])
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', ms, (c) => c.notNull())
    .$call(required('text', ['staff_id', 'staff_email', 'action']))
    // The network the action was in; '' for the console itself (staff accounts of all networks).
    .$call(required('text', ['network_id', 'target_type']))
    .addColumn('target_id', 'text')
    .addColumn('member_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .execute();
  // The log page and its export read newest first, all or one network, keyset by (time, id).
  await addIndex(db, 'audit_log_time_idx', 'audit_log', ['created_at', 'id']);
  await addIndex(db, 'audit_log_network_time_idx', 'audit_log', ['network_id', 'created_at', 'id']);
  await addIndex(db, 'audit_log_member_idx', 'audit_log', ['member_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['audit_log', 'staff_recovery_codes', 'staff_sessions', 'staff_roles', 'staff']);
}
