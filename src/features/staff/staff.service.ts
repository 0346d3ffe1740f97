import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, type AuditActor, type AuditEntryInput } from '../../server/audit/audit.ts';
import type { Logger } from '../../server/log.ts';
import type { RateLimiter } from '../../server/rate-limit/index.ts';
import { consoleTopic } from '../../server/realtime/index.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { platformRateLimits } from '../../tenancy/site.ts';
import type { Passwords } from '../accounts/index.ts';
import {
  admitLogin,
  clearLoginFailures,
  recordLoginFailure,
  type LoginBlock,
  type LoginScope,
} from '../security/index.ts';
import {
  isStaffToken,
  newOneTimePassword,
  newRecoveryCodes,
  newSessionToken,
  newTotpSecret,
  normalizeRecoveryCode,
  openTotpSecret,
  sealTotpSecret,
  sha256,
  totpCode,
  totpStep,
  totpUri,
} from './staff.crypto.ts';
import { staffError } from './staff.errors.ts';
import {
  deleteStaffSession,
  deleteStaffSessions,
  findStaffByEmail,
  findStaffById,
  findStaffSession,
  insertRole,
  type StaffRow,
  insertStaff,
  insertStaffSession,
  listStaffRows,
  replaceRecoveryCodes,
  rolesOf,
  takeTotpStep,
  staffSessionIds,
  touchStaffSession,
  unusedRecoveryCodes,
  updateStaff,
  useRecoveryCode,
} from './staff.repository.ts';
import { ALL_NETWORKS, grantsAllow, networksAllowed, type RoleGrant, type StaffRole } from './staff.roles.ts';

/*
 * Staff accounts and their logins (docs/console.md). A login takes the password and then a TOTP
 * code (or a one-time recovery code); wrong passwords and wrong codes alike count towards the
 * same lockout as members' logins (the security feature's login guard, scoped to the console).
 * Sessions have their own table and cookie and end after 30 idle minutes.
 */

export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** However busy, a staff session ends after a working day. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often (a console page makes several calls). */
const TOUCH_EVERY_MS = 60 * 1000;
export const STAFF_PASSWORD_MIN_LENGTH = 12;

const CONSOLE_SCOPE: LoginScope = { id: 'console', rateLimits: platformRateLimits() };

export interface StaffContext {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  rateLimiter: RateLimiter;
  /** The app secret: the TOTP secrets are sealed under a key derived from it. */
  secret: Buffer;
  passwords: Passwords;
  /** The client's address (the audit log's and the lockout's). */
  ip: string | null;
  /** The networks the server knows (from the tenant files). */
  networks(): readonly string[];
  /**
   * Ends the console's live streams of these sessions of the staff member, in every process (the
   * realtime bus); absent on the command line, where a stream ends at its next heartbeat instead.
   */
  endStreams?: (staffId: string, sessionIds: readonly string[]) => Promise<void>;
}

/**
 * Where the console's live streams of a staff member listen for the end of their session on the
 * realtime bus: `endSessions(network, key, [sessionId])` ends them.
 */
export function staffStreamKey(staffId: string): { network: string; key: string } {
  return { network: 'console', key: consoleTopic(`staff:${staffId}`) };
}

/** Ends the live streams of the sessions, after the change that ended them has committed. */
async function endStreams(ctx: StaffContext, staffId: string, sessionIds: readonly string[]) {
  if (!ctx.endStreams || sessionIds.length === 0) return;
  try {
    await ctx.endStreams(staffId, sessionIds);
  } catch (error) {
    // The sessions are gone: each stream still ends at its next heartbeat.
    ctx.log.warn('staff: ending live streams failed', { error: (error as Error).message });
  }
}

/* Accounts ------------------------------------------------------------------------------------ */

export interface NewStaff {
  email: string;
  role: StaffRole;
  /** Omitted: every network (owners only). */
  network?: string | undefined;
}

export interface CreatedStaff {
  id: string;
  email: string;
  role: StaffRole;
  network: string;
  /** Only for a new account: what the CLI or the console shows once. */
  password?: string;
  totpSecret?: string;
  otpauthUri?: string;
}

/** The actor of changes made with the command line (the server's operator at the shell). */
export const CLI_ACTOR: AuditActor = { id: 'cli', email: 'command line', ip: null };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The audit entry of a role given to a staff member: in its network ('' for every network). */
function grantAudit(
  action: 'staff.add' | 'staff.add_role',
  staffId: string,
  grant: { email: string; role: StaffRole; network: string },
): AuditEntryInput {
  return {
    action,
    network: grant.network === ALL_NETWORKS ? '' : grant.network,
    target: { type: 'staff', id: staffId },
    after: grant,
  };
}

/**
 * Adds a staff member, or a role in another network to one that exists. A new account gets a
 * one-time password and a TOTP secret, shown once to whoever added it.
 */
export async function addStaff(
  ctx: StaffContext,
  input: NewStaff,
  actor: AuditActor,
  options: { mustChangePassword?: boolean } = {},
): Promise<CreatedStaff> {
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+$/.test(email))
    throw staffError('validation', { fields: { email: 'email_invalid' } });
  const network = input.network ?? (input.role === 'owner' ? ALL_NETWORKS : undefined);
  if (network === undefined) throw staffError('validation', { fields: { network: 'required' } });
  if (network !== ALL_NETWORKS && !ctx.networks().includes(network))
    throw staffError('validation', { fields: { network: 'network_unknown' } });
  const grant = { email, role: input.role, network };
  const now = ctx.clock.now();
  const existing = await findStaffByEmail(ctx.db, email);
  if (existing) {
    const grants = await rolesOf(ctx.db, [existing.id]);
    if (grants.some((g) => g.network_id === network)) throw staffError('staff_exists');
    await ctx.db.transaction().execute(async (trx) => {
      await insertRole(trx, { staff_id: existing.id, network_id: network, role: input.role });
      await recordAudit(trx, actor, grantAudit('staff.add_role', existing.id, grant), now);
    });
    return { id: existing.id, ...grant };
  }
  const id = newId();
  const password = newOneTimePassword();
  const totpSecret = newTotpSecret();
  const passwordHash = await ctx.passwords.hash(password);
  await ctx.db.transaction().execute(async (trx) => {
    await insertStaff(trx, {
      id,
      email,
      password_hash: passwordHash,
      totp_secret: sealTotpSecret(ctx.secret, totpSecret),
      must_change_password: options.mustChangePassword === false ? 0 : 1,
      created_at: now,
      disabled_at: null,
      last_login_at: null,
      totp_last_step: null,
    });
    await insertRole(trx, { staff_id: id, network_id: network, role: input.role });
    await recordAudit(trx, actor, grantAudit('staff.add', id, grant), now);
  });
  return {
    id,
    ...grant,
    password,
    totpSecret,
    otpauthUri: totpUri(totpSecret, email),
  };
}

export interface StaffListing {
  id: string;
  email: string;
  disabled: boolean;
  /** ISO 8601, or null before the first login. */
  last_login_at: string | null;
  roles: Array<{ network: string; role: string }>;
}

/**
 * Staff with a role in the networks where `viewer` may add staff (every one for an owner of all
 * networks); a staff member's roles elsewhere are not shown.
 */
export async function listStaff(ctx: StaffContext, viewer: StaffPrincipal | 'cli'): Promise<StaffListing[]> {
  const scope = viewer === 'cli' ? 'all' : viewer.networksFor('add_staff');
  const rows = await listStaffRows(ctx.db);
  const grants = await rolesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((row) => {
    const roles = grants
      .filter((g) => g.staff_id === row.id)
      .filter((g) => scope === 'all' || scope.includes(g.network_id))
      .map((g) => ({ network: g.network_id, role: g.role }));
    if (roles.length === 0) return [];
    return [
      {
        id: row.id,
        email: row.email,
        disabled: row.disabled_at !== null,
        last_login_at: row.last_login_at === null ? null : new Date(Number(row.last_login_at)).toISOString(),
        roles,
      },
    ];
  });
}

/** Disables a staff member: every session ends, and no login is accepted any more. */
export async function disableStaff(ctx: StaffContext, email: string, actor: AuditActor): Promise<void> {
  const staff = await findStaffByEmail(ctx.db, normalizeEmail(email));
  if (!staff) throw staffError('not_found');
  await disable(ctx, staff, actor);
}

/**
 * A staff member disabled from the console: only by someone who may add staff in every network
 * the staff member holds a role in (an owner of one network cannot lock out another's), never
 * oneself.
 */
export async function disableStaffFromConsole(
  ctx: StaffContext,
  viewer: StaffPrincipal,
  staffId: string,
  actor: AuditActor,
): Promise<void> {
  const staff = await findStaffById(ctx.db, staffId);
  if (!staff) throw staffError('not_found');
  if (staff.id === viewer.id) throw staffError('forbidden');
  const grants = await rolesOf(ctx.db, [staff.id]);
  const everyNetwork = viewer.networksFor('add_staff') === 'all';
  const allowed = grants.every((g) =>
    g.network_id === ALL_NETWORKS ? everyNetwork : viewer.can('add_staff', g.network_id),
  );
  // Someone of no network the viewer holds is not theirs to see: not found, as in the list.
  if (!grants.some((g) => everyNetwork || viewer.can('add_staff', g.network_id)))
    throw staffError('not_found');
  if (!allowed) throw staffError('forbidden');
  await disable(ctx, staff, actor);
}

async function disable(ctx: StaffContext, staff: StaffRow, actor: AuditActor): Promise<void> {
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await updateStaff(trx, staff.id, { disabled_at: now });
    const sessions = await staffSessionIds(trx, staff.id);
    await deleteStaffSessions(trx, staff.id);
    await recordAudit(
      trx,
      actor,
      {
        action: 'staff.disable',
        network: '',
        target: { type: 'staff', id: staff.id },
        before: { disabled: staff.disabled_at !== null },
        after: { disabled: true },
      },
      now,
    );
    return sessions;
  });
  await endStreams(ctx, staff.id, ended);
}

/** The current TOTP code of a staff member (the demo's `staff code`; never offered in production). */
export async function currentTotpCode(ctx: StaffContext, email: string): Promise<string> {
  const staff = await findStaffByEmail(ctx.db, normalizeEmail(email));
  if (!staff) throw staffError('not_found');
  return totpCode(openTotpSecret(ctx.secret, staff.totp_secret), ctx.clock.now());
}

/* Login --------------------------------------------------------------------------------------- */

export interface LoginInput {
  email: string;
  password: string;
  code?: string | undefined;
  recovery_code?: string | undefined;
}

export type LoginOutcome =
  /** The password is right: the second factor is asked for next. */
  | { next: 'totp' }
  | { session: { token: string; expiresAt: number }; staffId: string; mustChangePassword: boolean };

function blocked(block: LoginBlock) {
  return staffError(block.kind, {
    retryAfter: block.retryAfter,
    ...('minutes' in block && { minutes: block.minutes }),
  });
}

export async function login(ctx: StaffContext, input: LoginInput): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email);
  const now = ctx.clock.now();
  const attempt = { email, ip: ctx.ip ?? 'unknown' };
  const admission = await admitLogin(ctx.rateLimiter, CONSOLE_SCOPE, attempt, now);
  if ('block' in admission) throw blocked(admission.block);
  const fail = async (code: 'login_failed' | 'code_invalid') => {
    const block = await recordLoginFailure(ctx.rateLimiter, CONSOLE_SCOPE, attempt, admission.admitted, now);
    return block ? blocked(block) : staffError(code);
  };
  const staff = await findStaffByEmail(ctx.db, email);
  if (!staff) {
    await ctx.passwords.verifyNothing(input.password);
    throw await fail('login_failed');
  }
  if (!(await ctx.passwords.verify(staff.password_hash, input.password))) throw await fail('login_failed');
  // Told only to someone who knows the password.
  if (staff.disabled_at !== null) throw staffError('staff_disabled');
  if (!input.code && !input.recovery_code) return { next: 'totp' };

  let secondFactor: 'totp' | 'recovery_code';
  if (input.code) {
    const secret = openTotpSecret(ctx.secret, staff.totp_secret);
    const step = await totpStep(secret, input.code.replace(/\s/g, ''), now, staff.totp_last_step);
    if (step === undefined || !(await takeTotpStep(ctx.db, staff.id, step))) throw await fail('code_invalid');
    secondFactor = 'totp';
  } else {
    const hash = sha256(normalizeRecoveryCode(input.recovery_code!));
    if (!(await useRecoveryCode(ctx.db, staff.id, hash, now))) throw await fail('code_invalid');
    secondFactor = 'recovery_code';
  }
  await clearLoginFailures(ctx.rateLimiter, CONSOLE_SCOPE, attempt);
  const token = newSessionToken();
  const expiresAt = now + STAFF_SESSION_MAX_MS;
  await ctx.db.transaction().execute(async (trx) => {
    await insertStaffSession(trx, {
      id: sha256(token),
      staff_id: staff.id,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ip: ctx.ip,
    });
    await updateStaff(trx, staff.id, { last_login_at: now });
    await recordAudit(
      trx,
      { id: staff.id, email: staff.email, ip: ctx.ip },
      {
        action: 'staff.login',
        network: '',
        target: { type: 'staff', id: staff.id },
        after: { with: secondFactor },
      },
      now,
    );
  });
  return {
    session: { token, expiresAt },
    staffId: staff.id,
    mustChangePassword: staff.must_change_password === 1,
  };
}

export async function logout(ctx: StaffContext, staff: StaffPrincipal): Promise<void> {
  await deleteStaffSession(ctx.db, staff.sessionId);
  await endStreams(ctx, staff.id, [staff.sessionId]);
}

/**
 * When a staff session ends as stored now (30 idle minutes after it was last seen, or its day's
 * end, whichever comes first), or null when it is gone or its staff member disabled: what a live
 * console stream asks at each heartbeat. Reads only; the console's next request removes it.
 */
export async function staffSessionEnd(db: Kysely<Database>, sessionId: string): Promise<number | null> {
  const row = await findStaffSession(db, sessionId);
  if (!row || row.disabled_at !== null) return null;
  return Math.min(Number(row.last_seen_at) + STAFF_IDLE_MS, Number(row.expires_at));
}

/* Sessions ------------------------------------------------------------------------------------ */

function principal(
  row: { id: string; email: string; session_id: string; must_change_password: number },
  grants: RoleGrant[],
): StaffPrincipal {
  return {
    id: row.id,
    email: row.email,
    sessionId: row.session_id,
    mustChangePassword: row.must_change_password === 1,
    can: (permission, network) => grantsAllow(grants, permission, network),
    networksFor: (permission) => networksAllowed(grants, permission),
    networks: () =>
      grants.some((g) => g.network === ALL_NETWORKS) ? 'all' : [...new Set(grants.map((g) => g.network))],
  };
}

/**
 * The staff member of a console cookie, or null: the session must exist, be used within the
 * last 30 minutes and within its day, and its staff member not be disabled. An expired session
 * is removed.
 */
export async function resumeStaffSession(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
): Promise<StaffPrincipal | null> {
  if (!isStaffToken(token)) return null;
  const row = await findStaffSession(db, sha256(token));
  if (!row) return null;
  const lastSeen = Number(row.last_seen_at);
  if (row.disabled_at !== null || now - lastSeen >= STAFF_IDLE_MS || now >= Number(row.expires_at)) {
    await deleteStaffSession(db, row.session_id);
    return null;
  }
  if (now - lastSeen >= TOUCH_EVERY_MS) await touchStaffSession(db, row.session_id, now);
  const grants = (await rolesOf(db, [row.id])).map((g) => ({
    network: g.network_id,
    role: g.role as StaffRole,
  }));
  return principal(row, grants);
}

/* The staff member's own account ---------------------------------------------------------- */

export interface StaffSelf {
  id: string;
  email: string;
  must_change_password: boolean;
  roles: Array<{ network: string; role: string }>;
  /** Unused recovery codes left. */
  recovery_codes_left: number;
}

export async function staffSelf(ctx: StaffContext, staff: StaffPrincipal): Promise<StaffSelf> {
  const grants = await rolesOf(ctx.db, [staff.id]);
  return {
    id: staff.id,
    email: staff.email,
    must_change_password: staff.mustChangePassword,
    roles: grants.map((g) => ({ network: g.network_id, role: g.role })),
    recovery_codes_left: await unusedRecoveryCodes(ctx.db, staff.id),
  };
}

export interface PasswordChange {
  old_password: string;
  password: string;
}

/**
 * A new password; the first change (of the one-time password) also gives the recovery codes,
 * shown this once. Every other session of the staff member ends.
 */
export async function changeStaffPassword(
  ctx: StaffContext,
  staff: StaffPrincipal,
  input: PasswordChange,
): Promise<{ recovery_codes: string[] | null }> {
  const row = await findStaffById(ctx.db, staff.id);
  if (!row) throw staffError('not_found');
  if (!(await ctx.passwords.verify(row.password_hash, input.old_password)))
    throw staffError('validation', { fields: { old_password: 'password_wrong' } });
  const length = [...input.password].length;
  if (length < STAFF_PASSWORD_MIN_LENGTH)
    throw staffError('validation', { fields: { password: 'password_too_short' } });
  if (ctx.passwords.isCommon(input.password) || input.password === input.old_password)
    throw staffError('validation', { fields: { password: 'password_common' } });
  const hash = await ctx.passwords.hash(input.password);
  const first = row.must_change_password === 1;
  const codes = first ? newRecoveryCodes() : null;
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await updateStaff(trx, staff.id, { password_hash: hash, must_change_password: 0 });
    if (codes)
      await replaceRecoveryCodes(
        trx,
        staff.id,
        codes.map((c) => sha256(c)),
      );
    const others = await staffSessionIds(trx, staff.id, staff.sessionId);
    await deleteStaffSessions(trx, staff.id, staff.sessionId);
    await recordAudit(
      trx,
      { id: staff.id, email: staff.email, ip: ctx.ip },
      { action: 'staff.password_change', network: '', target: { type: 'staff', id: staff.id } },
      now,
    );
    return others;
  });
  await endStreams(ctx, staff.id, ended);
  return { recovery_codes: codes };
}
