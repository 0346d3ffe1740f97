import type { Kysely, Transaction } from 'kysely';
import type { Database, TableName } from '../db/database.ts';

/*
 * The privacy hooks (ARCHITECTURE rule 9): every table that holds member data has one owner,
 * and the owner's `<domain>.privacy.ts` exports the member's rows of it (GDPR art. 15 and 20) and
 * erases them (art. 17). src/server/privacy.list.ts collects the hooks; a unit test fails when a
 * table with a member or profile column has no owner in that list.
 */

/** Whose data: the member, and their profile if they have one, in their network. */
export interface PrivacySubject {
  network: string;
  memberId: string;
  /** The member's own profile (operator profiles have none); null when it is gone. */
  profileId: string | null;
  /** When the erasure happens (the clock of the job). */
  now: number;
}

/** What an export may need to write addresses into the document. */
export interface ExportView {
  /** The address at which a stored photo file is served to its owner. */
  mediaUrl(key: string): string;
}

export interface PrivacyHook {
  /** The feature (or platform part) that owns the tables. */
  owner: string;
  /** The tables whose member data this hook exports and erases. */
  tables: readonly TableName[];
  /**
   * The member's rows, as parts of the download: document keys to JSON-ready values (times as
   * ISO strings, see `readableTimes`). Never secrets (hashes, tokens) or other members' words.
   */
  export(db: Kysely<Database>, subject: PrivacySubject, view: ExportView): Promise<Record<string, unknown>>;
  /**
   * Erases the member's personal data from the tables, inside the erasure's one transaction.
   * Answers storage keys of files to delete once the transaction has committed, if any.
   */
  erase(trx: Transaction<Database>, subject: PrivacySubject): Promise<string[] | void>;
}

export interface PrivacyRegistry {
  /** In erasure order: the account's own row comes last, after what hangs on it. */
  hooks: readonly PrivacyHook[];
  /** The member's profile id (the profiles feature answers it). */
  profileOf(
    db: Kysely<Database> | Transaction<Database>,
    network: string,
    memberId: string,
  ): Promise<string | null>;
  /** The order of the download's keys (people read it top to bottom); other keys follow. */
  documentOrder: readonly string[];
}

let registered: PrivacyRegistry | undefined;

/** The composition root (src/app/privacy.list.ts) names every owner of member data once. */
export function registerPrivacy(registry: PrivacyRegistry): void {
  registered = registry;
}

/** Every owner of member data, as the composition root registered them. */
export function privacyRegistry(): PrivacyRegistry {
  if (!registered) throw new Error('no privacy hooks are registered: src/app/ composes the server');
  return registered;
}

/** Timestamps are stored as epoch milliseconds; people read dates. */
export function readableTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readableTimes);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const isTime = key.endsWith('_at') && typeof field === 'number';
      out[key] = isTime ? new Date(field).toISOString() : readableTimes(field);
    }
    return out;
  }
  return value;
}

/** Everything every hook exports about the member, as one document's parts in reading order. */
export async function exportMember(
  registry: PrivacyRegistry,
  db: Kysely<Database>,
  who: { network: string; memberId: string; now: number },
  view: ExportView,
): Promise<Record<string, unknown>> {
  const profileId = await registry.profileOf(db, who.network, who.memberId);
  const subject: PrivacySubject = { ...who, profileId };
  const parts: Record<string, unknown> = {};
  for (const hook of registry.hooks) {
    for (const [key, value] of Object.entries(await hook.export(db, subject, view))) {
      if (key in parts) throw new Error(`export part ${key} given by two hooks (${hook.owner})`);
      parts[key] = value;
    }
  }
  const ordered: Record<string, unknown> = {};
  for (const key of registry.documentOrder) if (key in parts) ordered[key] = parts[key];
  for (const [key, value] of Object.entries(parts)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}

/**
 * Erases the member's personal data for good: every hook in one transaction, so a failure
 * leaves everything as it was (the job tries again). Answers the storage keys of files to
 * delete after the commit: a crash in between leaves an orphan file, never a row without one.
 */
export async function eraseMember(
  registry: PrivacyRegistry,
  db: Kysely<Database>,
  who: { network: string; memberId: string; now: number },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const profileId = await registry.profileOf(trx, who.network, who.memberId);
    const subject: PrivacySubject = { ...who, profileId };
    const files: string[] = [];
    for (const hook of registry.hooks) files.push(...((await hook.erase(trx, subject)) ?? []));
    return files;
  });
}
