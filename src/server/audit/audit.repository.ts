import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../../db/database.ts';
import { pastKey } from '../../db/keyset.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type AuditRow = Row<'audit_log'>;

export async function insertAuditEntry(db: Db, entry: NewRow<'audit_log'>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export interface AuditQuery {
  /** The networks whose entries may be read; `all` for a staff member who holds every network. */
  networks: readonly string[] | 'all';
  network?: string | undefined;
  action?: string | undefined;
  staffEmail?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Entries older than this (time, id): the keyset of the next page. */
  before?: { at: number; id: string } | undefined;
  limit: number;
}

/** Entries newest first, within the networks the reader holds, by the filters given. */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditRow[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (query.networks !== 'all') {
    if (query.networks.length === 0) return [];
    q = q.where('network_id', 'in', [...query.networks]);
  }
  if (query.network !== undefined) q = q.where('network_id', '=', query.network);
  if (query.action) q = q.where('action', '=', query.action);
  if (query.staffEmail) q = q.where('staff_email', '=', query.staffEmail);
  if (query.targetId) q = q.where('target_id', '=', query.targetId);
  if (query.from !== undefined) q = q.where('created_at', '>=', query.from);
  if (query.to !== undefined) q = q.where('created_at', '<', query.to);
  const before = query.before;
  if (before) q = q.where((eb) => pastKey(eb, { time: 'created_at', id: 'id' }, '<', before));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}
