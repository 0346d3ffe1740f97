import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row, RowUpdate } from '../../db/database.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The console's staff accounts, roles, sessions and recovery codes: SQL only. */

type Db = Kysely<Database> | Transaction<Database>;

export type StaffRow = Row<'staff'>;

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(db: Db, staff: NewRow<'staff'>): Promise<void> {
  await db.insertInto('staff').values(staff).execute();
}

export async function updateStaff(db: Db, id: string, patch: RowUpdate<'staff'>): Promise<void> {
  await db.updateTable('staff').set(patch).where('id', '=', id).execute();
}

/** Takes a TOTP time step for the staff member unless one as late was taken: true when taken. */
export async function takeTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('staff')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])),
  );
}

export async function insertRole(db: Db, role: NewRow<'staff_roles'>): Promise<void> {
  await db.insertInto('staff_roles').values(role).execute();
}

export async function rolesOf(db: Db, staffIds: readonly string[]): Promise<Row<'staff_roles'>[]> {
  if (staffIds.length === 0) return [];
  return db
    .selectFrom('staff_roles')
    .selectAll()
    .where('staff_id', 'in', [...staffIds])
    .orderBy('network_id')
    .execute();
}

export async function listStaffRows(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().orderBy('email').execute();
}

/* Sessions ------------------------------------------------------------------------------------ */

export async function insertStaffSession(db: Db, session: NewRow<'staff_sessions'>): Promise<void> {
  await db.insertInto('staff_sessions').values(session).execute();
}

/** A session with its staff member, in one query (every console request reads it). */
export async function findStaffSession(db: Db, id: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select([
      's.id as session_id',
      's.last_seen_at',
      's.expires_at',
      'st.id',
      'st.email',
      'st.must_change_password',
      'st.disabled_at',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function touchStaffSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteStaffSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id', '=', id).execute();
}

/** The ids of a staff member's sessions (but `except`): whose live console streams end with them. */
export async function staffSessionIds(db: Db, staffId: string, except?: string): Promise<string[]> {
  let q = db.selectFrom('staff_sessions').select('id').where('staff_id', '=', staffId);
  if (except) q = q.where('id', '!=', except);
  return (await q.execute()).map((row) => row.id);
}

export async function deleteStaffSessions(db: Db, staffId: string, except?: string): Promise<void> {
  let q = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
  if (except) q = q.where('id', '!=', except);
  await q.execute();
}

/* Recovery codes ------------------------------------------------------------------------------ */

export async function replaceRecoveryCodes(
  db: Db,
  staffId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  if (hashes.length)
    await db
      .insertInto('staff_recovery_codes')
      .values(hashes.map((hash) => ({ staff_id: staffId, hash, used_at: null })))
      .execute();
}

/** Uses a recovery code once: true when it was there and unused. */
export async function useRecoveryCode(db: Db, staffId: string, hash: string, now: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('staff_id', '=', staffId)
      .where('hash', '=', hash)
      .where('used_at', 'is', null),
  );
}

export async function unusedRecoveryCodes(db: Db, staffId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
