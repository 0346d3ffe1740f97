import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, TableName } from '../db/database.ts';
import { useMemoryDatabase } from '../db/test-database.ts';
import { eraseMember, exportMember, type PrivacyHook, type PrivacyRegistry } from '../server/privacy.ts';
import { privacy } from './privacy.list.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

/** A column that names a member or a profile: member_id, reporter_member_id, liker_profile_id, profile_a_id, … */
const PERSON_COLUMN = /(^|_)(member|profile)(_[a-z]+)?_id$/;

describe('the privacy-hook list', () => {
  it('has an owner for every table that holds a member or profile, and one owner only', async () => {
    const tables = await db.introspection.getTables();
    const personal = tables
      .filter((table) => table.name === 'members' || table.columns.some((c) => PERSON_COLUMN.test(c.name)))
      .map((table) => table.name)
      .sort();
    // Sanity: the scan sees what it should.
    expect(personal).toEqual(expect.arrayContaining(['members', 'profiles', 'messages', 'likes', 'events']));
    const owners = new Map<string, string[]>();
    for (const hook of privacy.hooks)
      for (const table of hook.tables) owners.set(table, [...(owners.get(table) ?? []), hook.owner]);
    for (const table of personal) expect(owners.get(table), `privacy hook owning ${table}`).toHaveLength(1);
    // And no hook claims a table that does not exist.
    const names = new Set(tables.map((table) => table.name));
    for (const table of owners.keys()) expect(names.has(table), table).toBe(true);
  });

  it('names each owner once, with the account last (its row is what the others hang on)', () => {
    const owners = privacy.hooks.map((hook) => hook.owner);
    expect(new Set(owners).size).toBe(owners.length);
    expect(owners.at(-1)).toBe('accounts');
  });
});

describe('export and erasure over the hooks', () => {
  const who = { network: 'n1', memberId: 'm1', now: 1000 };
  function registry(hooks: PrivacyHook[], calls: string[] = []): PrivacyRegistry {
    return {
      hooks,
      profileOf: async () => {
        calls.push('profileOf');
        return 'p1';
      },
      documentOrder: ['b', 'a'],
    };
  }
  const hook = (owner: string, parts: Record<string, unknown>, erase: PrivacyHook['erase']): PrivacyHook => ({
    owner,
    tables: [owner as TableName],
    export: async () => parts,
    erase,
  });

  it('gathers every part in the document order, unknown parts after', async () => {
    const doc = await exportMember(
      registry([hook('x', { a: 1, z: 3 }, async () => {}), hook('y', { b: 2 }, async () => {})]),
      db,
      who,
      { mediaUrl: (key) => key },
    );
    expect(Object.keys(doc)).toEqual(['b', 'a', 'z']);
    expect(doc).toEqual({ a: 1, b: 2, z: 3 });
  });

  it('refuses two hooks giving the same part', async () => {
    const twice = registry([hook('x', { a: 1 }, async () => {}), hook('y', { a: 2 }, async () => {})]);
    await expect(exportMember(twice, db, who, { mediaUrl: (key) => key })).rejects.toThrow(/a/);
  });

  it('erases in one transaction: a failing hook leaves what the others did undone', async () => {
    await db
      .insertInto('rate_limit_counters')
      .values({ key: 'erase-probe', window_start: 1, count: 1 })
      .execute();
    const failing = registry([
      hook('x', {}, async (trx) => {
        await trx.deleteFrom('rate_limit_counters').where('key', '=', 'erase-probe').execute();
        return ['a/b'];
      }),
      hook('y', {}, async () => {
        throw new Error('disk full');
      }),
    ]);
    await expect(eraseMember(failing, db, who)).rejects.toThrow('disk full');
    const left = await db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('key', '=', 'erase-probe')
      .execute();
    expect(left).toHaveLength(1);
  });

  it('hands every hook the member and profile, and answers the files of all of them', async () => {
    const seen: unknown[] = [];
    const files = await eraseMember(
      registry([
        hook('x', {}, async (_trx, subject) => void seen.push(subject)),
        hook('y', {}, async () => ['n1/aa/f-main.webp']),
      ]),
      db,
      who,
    );
    expect(seen).toEqual([{ ...who, profileId: 'p1' }]);
    expect(files).toEqual(['n1/aa/f-main.webp']);
  });
});
