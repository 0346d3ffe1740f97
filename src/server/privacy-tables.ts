import type { Kysely } from 'kysely';
import type { Database, TableName } from '../db/database.ts';
import { readableTimes, type PrivacyHook, type PrivacySubject } from './privacy.ts';
import { clearOwnedRows, deleteOwnedRows, ownedRows, type OwnedRows } from './privacy-tables.repository.ts';

/*
 * Most privacy hooks say the same thing: "the member's rows of this table go into the download
 * under this key, and erasure deletes them (or keeps them without the member)". Such a hook
 * declares its tables here instead of writing the two queries again. A hook with rules of its own
 * (profiles, chat, accounts, payments) keeps its own code and may still declare its plain parts
 * of the download (`exportMemberTables`).
 */

type ColumnOf<T extends TableName> = keyof Database[T] & string;

/** Rows of a table that belong to the member, as one part of the download. */
export interface MemberRows<T extends TableName> {
  table: T;
  /** The column with the member's id, or with their profile's id when `by` is 'profile'. */
  column: ColumnOf<T>;
  /** Whose id the column holds; the member's unless said otherwise. */
  by?: 'member' | 'profile';
  /** The download's key for the rows. */
  exportAs: string;
  /** The columns the download shows (never secrets or another member's words). */
  select: readonly ColumnOf<T>[];
  orderBy?: ColumnOf<T>;
}

export interface MemberTable<T extends TableName> extends MemberRows<T> {
  /**
   * What erasure does: delete the rows, or keep them with these columns emptied (statistics
   * no longer tied to anyone).
   */
  erase: 'delete' | { clear: readonly ColumnOf<T>[] };
}

/** One declaration of any table (the unions keep each declaration's columns checked). */
export type AnyMemberRows = { [T in TableName]: MemberRows<T> }[TableName];
export type AnyMemberTable = { [T in TableName]: MemberTable<T> }[TableName];

function rowsOf(spec: AnyMemberRows, subject: PrivacySubject): OwnedRows | undefined {
  const owner = spec.by === 'profile' ? subject.profileId : subject.memberId;
  if (!owner) return undefined;
  return { table: spec.table, column: spec.column, network: subject.network, owner };
}

/** The declared tables' parts of the download, in the order declared. */
export async function exportMemberTables(
  db: Kysely<Database>,
  tables: readonly AnyMemberRows[],
  subject: PrivacySubject,
): Promise<Record<string, unknown>> {
  const parts: Record<string, unknown> = {};
  for (const spec of tables) {
    const rows = rowsOf(spec, subject);
    parts[spec.exportAs] = rows ? readableTimes(await ownedRows(db, rows, spec.select, spec.orderBy)) : [];
  }
  return parts;
}

/** The tables with a `member_id` column. */
type MemberOwnedTable = { [T in TableName]: 'member_id' extends ColumnOf<T> ? T : never }[TableName];

/**
 * The commonest hook: one table of the member's own rows, keyed by `member_id`, that go into the
 * download and are deleted with the member.
 */
export function ownRowsHook<T extends MemberOwnedTable>(
  owner: string,
  rows: Omit<MemberRows<T>, 'column' | 'by'>,
): PrivacyHook {
  const table = { ...rows, column: 'member_id', erase: 'delete' } as AnyMemberTable;
  return memberTablesHook(owner, [table]);
}

/** A hook whose tables are all declared: it exports and erases exactly as they say. */
export function memberTablesHook(owner: string, tables: readonly AnyMemberTable[]): PrivacyHook {
  return {
    owner,
    tables: [...new Set(tables.map((spec) => spec.table))],
    export: (db, subject) => exportMemberTables(db, tables, subject),
    async erase(trx, subject) {
      for (const spec of tables) {
        const rows = rowsOf(spec, subject);
        if (!rows) continue;
        if (spec.erase === 'delete') await deleteOwnedRows(trx, rows);
        else await clearOwnedRows(trx, rows, spec.erase.clear);
      }
    },
  };
}
