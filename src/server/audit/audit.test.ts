import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { auditCsv, auditPage, parseAuditCursor, recordAudit } from './audit.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const actor = { id: 's1', email: 'owner@example.org', ip: '::1' };

describe('the audit log', () => {
  it('pages newest first by (time, id), without gaps or repeats among entries of the same time', async () => {
    for (let i = 0; i < 7; i++)
      await recordAudit(
        db,
        actor,
        { action: 'x.do', network: 'n1', target: { type: 't', id: `t${i}` } },
        1000 + (i % 3),
      );
    const seen: string[] = [];
    let page = await auditPage(db, { networks: 'all', limit: 3 });
    for (;;) {
      seen.push(...page.entries.map((e) => e.target_id!));
      if (!page.next) break;
      page = await auditPage(db, { networks: 'all', limit: 3, before: parseAuditCursor(page.next) });
    }
    expect(seen.sort()).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
    expect(parseAuditCursor('bm9wZQ')).toBeUndefined();
  });

  it('reads only the networks given', async () => {
    await recordAudit(db, actor, { action: 'b', network: 'n1', target: { type: 't', id: null } }, 1);
    await recordAudit(db, actor, { action: 'b', network: 'n2', target: { type: 't', id: null } }, 2);
    await recordAudit(db, actor, { action: 'b', network: '', target: { type: 't', id: null } }, 3);
    const read = (networks: string[] | 'all') => auditPage(db, { networks, action: 'b', limit: 10 });
    expect((await read(['n2'])).entries.map((e) => e.network)).toEqual(['n2']);
    expect((await read([])).entries).toEqual([]);
    expect((await read('all')).entries).toHaveLength(3);
  });

  it('exports CSV that a spreadsheet cannot read as a formula', async () => {
    await recordAudit(
      db,
      { ...actor, email: '=HYPERLINK("x")' },
      { action: 'c', network: 'n1', target: { type: 't', id: 'x,y' }, after: { note: 'say "hi"' } },
      5,
    );
    const csv = await auditCsv(db, { networks: 'all', action: 'c' });
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('at,staff,action,network,target_type,target_id,before,after,ip');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"x,y"');
    expect(row).toContain('"{""note"":""say \\""hi\\""""}"');
  });
});
