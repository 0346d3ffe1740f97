import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { insertAuditEntry, listAuditEntries, type AuditQuery, type AuditRow } from './audit.repository.ts';

/*
 * The audit log of the operator console: every console action of every feature is one entry
 * (who, what, on what, the state before and after, when, from where). A feature's console
 * service records its action with `recordAudit` in the transaction that makes the change, so
 * there is no change without its entry; reading a member's private data (a conversation) is an
 * action too. Entries are never updated, except that erasing a member redacts what they held of
 * that member (audit.privacy.ts).
 */

/** Who acted: the staff member and the address they used. */
export interface AuditActor {
  id: string;
  email: string;
  ip: string | null;
}

export interface AuditEntryInput {
  /** A dotted verb, e.g. `staff.add`, `conversation.read`, `credits.adjust`. */
  action: string;
  /** The network the action was in; '' for the console itself (staff accounts). */
  network: string;
  target: { type: string; id: string | null };
  /** The member the action concerns, when it concerns one (so erasure can redact it). */
  member?: string | null;
  before?: unknown;
  after?: unknown;
}

/** An entry as the console shows and exports it. */
export interface AuditEntry {
  id: string;
  /** ISO 8601. */
  at: string;
  staff: string;
  action: string;
  network: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: AuditActor,
  entry: AuditEntryInput,
  now: number,
): Promise<void> {
  await insertAuditEntry(db, {
    id: newId(),
    created_at: now,
    staff_id: actor.id,
    staff_email: actor.email,
    action: entry.action,
    network_id: entry.network,
    target_type: entry.target.type,
    target_id: entry.target.id,
    member_id: entry.member ?? null,
    before: jsonOrNull(entry.before),
    after: jsonOrNull(entry.after),
    ip: actor.ip,
  });
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function auditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(Number(row.created_at)).toISOString(),
    staff: row.staff_email,
    action: row.action,
    network: row.network_id,
    target_type: row.target_type,
    target_id: row.target_id,
    before: parsed(row.before),
    after: parsed(row.after),
    ip: row.ip,
  };
}

/** The cursor of the page after `row`: its time and id, opaque to the browser. */
export function auditCursor(row: AuditRow): string {
  return Buffer.from(`${Number(row.created_at)}.${row.id}`).toString('base64url');
}

export function parseAuditCursor(cursor: string): { at: number; id: string } | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,40})$/.exec(text);
  return match ? { at: Number(match[1]), id: match[2]! } : undefined;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next (older) page, or null at the end. */
  next: string | null;
}

export async function auditPage(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const rows = await listAuditEntries(db, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(auditEntry),
    next: rows.length > query.limit ? auditCursor(page.at(-1)!) : null,
  };
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const AUDIT_CSV_COLUMNS = [
  'at',
  'staff',
  'action',
  'network',
  'target_type',
  'target_id',
  'before',
  'after',
  'ip',
] as const;

/** The export: every entry the query matches, oldest pages read in batches, as RFC 4180 CSV. */
export async function auditCsv(
  db: Kysely<Database>,
  query: Omit<AuditQuery, 'limit' | 'before'>,
): Promise<string> {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  let before: AuditQuery['before'];
  for (;;) {
    const rows = await listAuditEntries(db, { ...query, before, limit: 500 });
    for (const row of rows) {
      const entry = auditEntry(row);
      lines.push(AUDIT_CSV_COLUMNS.map((column) => csvField(entry[column])).join(','));
    }
    if (rows.length < 500) break;
    const last = rows.at(-1)!;
    before = { at: Number(last.created_at), id: last.id };
  }
  return lines.join('\r\n') + '\r\n';
}

export type { AuditQuery } from './audit.repository.ts';
