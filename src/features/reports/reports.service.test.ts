import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../tests/support/dialect-database.ts';
import { testProfile } from '../../../tests/support/rows.ts';
import { baseContext, demoSite } from '../../../tests/support/unit-context.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { fileReport, reportCounts, reportQueue, resolveReports } from './reports.service.ts';

/*
 * The reports' rules on both databases: repeats merged into the open report (also at once), the
 * underage hold and its lifting, the queue of reports and complaints by severity then age in
 * keyset pages, and the counts per site and reason.
 */
const site = demoSite();
const NET = site.network;
const T = Date.UTC(2026, 5, 1, 12);

function moderator(networks: readonly string[] | 'all'): StaffPrincipal {
  return {
    id: 'staff1',
    email: 'mod@example.org',
    sessionId: 's',
    mustChangePassword: false,
    can: (permission, network) =>
      permission === 'moderate' &&
      (networks === 'all' || network === undefined || networks.includes(network)),
    networksFor: () => networks,
    networks: () => networks,
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`reports on ${dialect}`, () => {
    const database = useMigratedDatabase(dialect);
    let now = T;
    const ctx = () =>
      ({ ...baseContext(site, database.db, { now: () => now }), site }) as unknown as ServiceContext;

    async function profiles(...ids: string[]) {
      await database.db
        .insertInto('profiles')
        .values(ids.map((id) => testProfile({ id, network_id: NET, created_at: T, updated_at: T })))
        .execute();
    }

    it('merges repeats of an open report, also sent at once, and keeps other reasons apart', async () => {
      await profiles('reporter00000001', 'target0000000001');
      const file = (reason: 'spam' | 'fake', text?: string) =>
        fileReport(ctx(), 'reporter00000001', { profile: 'target0000000001', reason, ...(text && { text }) });
      const first = await file('spam', 'one');
      const repeats = await Promise.all([file('spam', 'two'), file('spam')]);
      expect(repeats.map((r) => r.report.id)).toEqual([first.report.id, first.report.id]);
      const other = await file('fake');
      expect(other.report.id).not.toBe(first.report.id);
      const row = await database.db
        .selectFrom('reports')
        .select(['count', 'text'])
        .where('id', '=', first.report.id)
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(3);
      expect(row.text).toMatch(/^one\n\ntwo$/);
      // Once decided, the same report again opens a new one.
      await resolveReports(ctx(), {
        network: NET,
        reportIds: [first.report.id],
        outcome: 'resolved',
        decidedBy: 'staff1',
      });
      expect((await file('spam')).report.id).not.toBe(first.report.id);
    });

    it('holds a profile reported as underage until its last underage report is dismissed', async () => {
      await profiles('young00000000001', 'reporterA0000001', 'reporterB0000001');
      const hidden = async () =>
        (
          await database.db
            .selectFrom('profiles')
            .select('hidden_pending_review')
            .where('id', '=', 'young00000000001')
            .executeTakeFirstOrThrow()
        ).hidden_pending_review;
      const a = await fileReport(ctx(), 'reporterA0000001', {
        profile: 'young00000000001',
        reason: 'underage',
      });
      const b = await fileReport(ctx(), 'reporterB0000001', {
        profile: 'young00000000001',
        reason: 'underage',
      });
      expect(await hidden()).toBe(1);
      const decide = (id: string) =>
        resolveReports(ctx(), { network: NET, reportIds: [id], outcome: 'dismissed', decidedBy: 'staff1' });
      expect(await decide(a.report.id)).toEqual([a.report.id]);
      expect(await hidden()).toBe(1);
      expect(await decide(b.report.id)).toEqual([b.report.id]);
      expect(await hidden()).toBe(0);
      // Deciding again changes nothing.
      expect(await decide(b.report.id)).toEqual([]);
    });

    it('orders the queue by severity, then age, across reports and complaints, in keyset pages', async () => {
      await database.db.deleteFrom('reports').execute();
      await profiles('queuer0000000001');
      const reasons = ['other', 'spam', 'scam', 'harassment', 'fake', 'offensive_photo'] as const;
      const targets = Array.from({ length: 30 }, (_, i) => `qtarget${String(i).padStart(9, '0')}`);
      await profiles(...targets);
      for (const [i, target] of targets.entries()) {
        now = T + i * 1000;
        await fileReport(
          {
            ...ctx(),
            rateLimiter: { consumeFixed: async () => ({ allowed: true }) },
          } as unknown as ServiceContext,
          'queuer0000000001',
          { profile: target, reason: reasons[i % reasons.length]! },
        );
      }
      await database.db
        .insertInto('complaints')
        .values([
          {
            id: 'complaint0000001',
            network_id: NET,
            site_id: site.id,
            category: 'underage',
            text: 'x'.repeat(20),
            created_at: T + 500_000,
          },
          {
            id: 'complaint0000002',
            network_id: NET,
            site_id: site.id,
            category: 'technical',
            text: 'y'.repeat(20),
            created_at: T - 1,
          },
          {
            id: 'complaint0000003',
            network_id: 'other',
            site_id: 'x',
            category: 'underage',
            text: 'z'.repeat(20),
            created_at: T,
          },
        ])
        .execute();
      const staff = moderator([NET]);
      const seen: Array<{ severity: number; created_at: string; id: string; kind: string }> = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await reportQueue(ctx(), staff, cursor === undefined ? {} : { cursor });
        seen.push(...page.items);
        cursor = page.next ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(2);
      expect(seen).toHaveLength(32);
      expect(new Set(seen.map((i) => i.id)).size).toBe(32);
      expect(seen[0]).toMatchObject({ id: 'complaint0000001', kind: 'complaint' });
      // The oldest of the lowest severity: the complaint filed before every report.
      expect(seen.find((i) => i.severity === 6)).toMatchObject({ id: 'complaint0000002' });
      for (let i = 1; i < seen.length; i += 1) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        expect(a.severity < b.severity || (a.severity === b.severity && a.created_at <= b.created_at)).toBe(
          true,
        );
      }
      expect(seen.some((i) => i.id === 'complaint0000003')).toBe(false);
    });

    it('counts reports per site and reason in a period', async () => {
      const counts = await reportCounts(ctx(), { network: NET, from: T, to: T + 30_000 });
      expect(counts.find((c) => c.reason === 'scam')).toEqual({
        network: NET,
        site: site.id,
        reason: 'scam',
        count: 5,
      });
      expect(await reportCounts(ctx(), { network: 'other', from: T, to: T + 30_000 })).toEqual([]);
    });
  });
}
