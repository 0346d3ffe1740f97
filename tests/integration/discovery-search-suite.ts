import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectError } from '../support/answers.ts';

/*
 * The member search over HTTP (API.md "Profiles and search"), on the dialect given: who appears
 * (network, niche, blocks both ways, invisible, private, sister brands that keep their members),
 * who may search (visitors only where the site allows), the 422 codes, the capped count, keyset
 * pages that hold while newer members arrive, and similar results. Each test searches its own
 * made-up country code, so the tests share one server without seeing each other's profiles.
 */

interface Card {
  id: string;
  name: string;
  fictional: boolean;
  online: boolean;
}
interface Answer {
  results: Card[];
  numResults: number;
  numResults_capped: boolean;
  page: number;
  next: string | null;
  similar_results: Card[];
  similar_numResults: number;
}

const tenant = (id: string, patch: Record<string, unknown>) => ({
  ...(JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', `${id}.json`), 'utf8')) as { id: string }),
  ...patch,
});

export function searchSuite(database: 'sqlite' | 'postgres'): void {
  const app = useServer({
    database,
    sites: [
      // Rainbow keeps its members to itself and lets no visitor search (the default).
      tenant('rainbow', { member_resell: false }),
      // Silver Sparks lets visitors search who came through a partner.
      tenant('mature', { logged_out_search_trafficsource: true }),
    ],
  });

  let viewer: TestMember & TestSession;
  beforeAll(async () => {
    viewer = await app.make.loggedIn({ name: 'Viewer', country: 'NL' });
  });

  const search = async (
    query: Record<string, string | number>,
    who: { cookie?: string; host?: string } = viewer,
  ) => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return app.request(`/api/members.php?${params}`, {
      host: who.host ?? DEMO.amber.host,
      headers: who.cookie ? { cookie: who.cookie } : {},
    });
  };
  const found = async (query: Record<string, string | number>, who?: { cookie?: string; host?: string }) => {
    const res = await search(query, who);
    expect(res.status, res.body).toBe(200);
    return res.json<Answer>();
  };
  const ids = (answer: Answer) => answer.results.map((c) => c.id);

  /** `count` operator profiles of `country`, most recently active first from `newest` down. */
  async function bulkProfiles(
    country: string,
    count: number,
    options: { newest?: number; region?: string; network?: string; birthdate?: string } = {},
  ): Promise<string[]> {
    const newest = options.newest ?? Date.now() - 60_000;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      member_id: null,
      network_id: options.network ?? DEMO.amber.network,
      site_id: null,
      name: `Bulk${i}`,
      gender: 'female' as const,
      seeking: 'male' as const,
      birthdate: options.birthdate ?? '1990-01-01',
      country,
      region: options.region ?? null,
      status: 'active' as const,
      fictional: 1 as const,
      main_photo_id: null,
      // Some share a moment, so the id decides between them.
      last_active_at: newest - Math.floor(i / 3) * 1000,
      created_at: newest - 86_400_000,
      updated_at: newest,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await app.db
        .insertInto('profiles')
        .values(rows.slice(i, i + 200))
        .execute();
    return rows.map((r) => r.id);
  }

  describe(`who appears (${database})`, () => {
    it('never shows a member of another network', async () => {
      const here = await app.make.member({ country: 'QA', name: 'Amberqa' });
      const there = await app.make.member({ site: DEMO.curvy, country: 'QA', name: 'Curvyqa' });
      const answer = await found({ country: 'QA' });
      expect(ids(answer)).toContain(here.profileId);
      expect(ids(answer)).not.toContain(there.profileId);
      expect(answer.results.map((c) => c.name)).not.toContain('Viewer');
    });

    it('shows on the gay site only men seeking men', async () => {
      const gayViewer = await app.make.loggedIn({ site: DEMO.rainbow, gender: 'male', seeking: 'male' });
      const man = await app.make.member({
        site: DEMO.rainbow,
        country: 'QB',
        gender: 'male',
        seeking: 'male',
      });
      const straight = await app.make.member({ country: 'QB', gender: 'male', seeking: 'female' });
      const woman = await app.make.member({ country: 'QB', gender: 'female', seeking: 'male' });
      const answer = await found({ country: 'QB' }, { cookie: gayViewer.cookie, host: DEMO.rainbow.host });
      expect(ids(answer)).toEqual([man.profileId]);
      // The general site of the same network shows both others to its member (not the Rainbow
      // member: Rainbow does not resell its members here).
      const general = await found({ country: 'QB' });
      expect(ids(general).sort()).toEqual([straight.profileId, woman.profileId].sort());
    });

    it('keeps sister brands’ members off when their site does not resell them', async () => {
      const withheld = await app.make.member({
        site: DEMO.rainbow,
        country: 'QF',
        gender: 'male',
        seeking: 'male',
      });
      const answer = await found({ country: 'QF' });
      expect(ids(answer)).not.toContain(withheld.profileId);
    });

    it('hides blocked members both ways', async () => {
      const blocked = await app.make.member({ country: 'QG', name: 'Blockedbyme' });
      const blocker = await app.make.member({ country: 'QG', name: 'Blocksme' });
      const other = await app.make.member({ country: 'QG', name: 'Unrelated' });
      await app.make.block(viewer, blocked);
      await app.make.block(blocker, viewer);
      expect(ids(await found({ country: 'QG' }))).toEqual([other.profileId]);
    });

    it('hides invisible members, and private ones from all but those they liked or wrote to', async () => {
      const invisible = await app.make.member({ country: 'QH' });
      await app.make.updateMember(invisible, { invisible: 1 });
      const privateLiker = await app.make.member({ country: 'QH' });
      const privateWriter = await app.make.member({ country: 'QH' });
      const privateStranger = await app.make.member({ country: 'QH' });
      for (const m of [privateLiker, privateWriter, privateStranger])
        await app.make.updateMember(m, { private: 1 });
      await app.make.like(privateLiker, viewer);
      const { conversationId, messageId } = await app.make.message(privateWriter, viewer, 'Hello');
      // As the chat writes it: the conversation points at its last message.
      await app.db
        .updateTable('conversations')
        .set({ last_message_id: messageId, last_message_at: Date.now() })
        .where('id', '=', conversationId)
        .execute();
      // Liking a private member is not enough to see them.
      await app.make.like(viewer, privateStranger);
      const seen = ids(await found({ country: 'QH' }));
      expect(seen.sort()).toEqual([privateLiker.profileId, privateWriter.profileId].sort());
    });

    it('follows the switches a member flips in settings, both ways', async () => {
      const switching = await app.make.loggedIn({ country: 'QW' });
      const flip = (modes: { invisible?: boolean; private?: boolean }) =>
        app.request('/api/account.php', {
          method: 'PUT',
          host: DEMO.amber.host,
          headers: { cookie: switching.cookie },
          body: modes,
        });
      expect(ids(await found({ country: 'QW' }))).toEqual([switching.profileId]);
      expect((await flip({ invisible: true })).status).toBe(200);
      expect(ids(await found({ country: 'QW' }))).toEqual([]);
      expect((await flip({ invisible: false, private: true })).status).toBe(200);
      expect(ids(await found({ country: 'QW' }))).toEqual([]);
      expect((await flip({ private: false })).status).toBe(200);
      expect(ids(await found({ country: 'QW' }))).toEqual([switching.profileId]);
    });
  });

  describe(`who may search (${database})`, () => {
    it('answers a visitor 403 where logged_out_search is off, and the public rule where it is on', async () => {
      const refused = await search({}, { host: DEMO.rainbow.host });
      expectError(refused, 403, 'authentication_required');

      const shown = await app.make.member({ country: 'QI', name: 'Publicqi' });
      await app.make.photo(shown);
      await app.make.updateProfile(shown, { public_consent: 1 });
      const noConsent = await app.make.member({ country: 'QI', name: 'Privateqi' });
      await app.make.photo(noConsent);
      const noPhoto = await app.make.member({ country: 'QI', name: 'Nophotoqi' });
      await app.make.updateProfile(noPhoto, { public_consent: 1 });
      const answer = await found({ country: 'QI' }, { host: DEMO.amber.host });
      expect(ids(answer)).toEqual([shown.profileId]);
    });

    it('lets a visitor search where logged_out_search_trafficsource allows it only with a traffic source', async () => {
      const refused = await search({}, { host: DEMO.silver.host });
      expect(refused.status).toBe(403);
      const allowed = await search({ network: 'partner' }, { host: DEMO.silver.host });
      expect(allowed.status).toBe(200);
    });

    it('sends a visitor to log in from /members where the site does not allow searching, and shows results where it does', async () => {
      const away = await app.request('/members', { host: DEMO.rainbow.host });
      expect(away.status).toBe(303);
      expect(away.headers.location).toMatch(/^\/login\?next=/);
      const page = await app.request('/members?country=QI', { host: DEMO.amber.host });
      expect(page.status).toBe(200);
      expect(page.body).toContain('Publicqi');
    });

    it('refuses bad filters with 422 field codes', async () => {
      const cases: Array<[Record<string, string>, Record<string, string>]> = [
        [{ min_age: '12' }, { min_age: 'age_invalid' }],
        [{ max_age: 'old' }, { max_age: 'age_invalid' }],
        [{ min_age: '40', max_age: '30' }, { max_age: 'age_range_invalid' }],
        [{ gender: 'robot' }, { gender: 'gender_invalid' }],
        [{ country: 'Netherlands' }, { country: 'country_invalid' }],
        [{ after: 'not-a-cursor' }, { after: 'cursor_invalid' }],
      ];
      for (const [query, fields] of cases) {
        const res = await search(query);
        expect(res.status, JSON.stringify(query)).toBe(422);
        const body = res.json<{ error: string; fields: Record<string, string>; message: string }>();
        expect(body.error).toBe('validation');
        expect(body.fields).toEqual(fields);
        expect(body.message).toBeTruthy();
      }
    });
  });

  describe(`pages and counts (${database})`, () => {
    it('counts exactly up to 1,000, then says 1000 and capped', async () => {
      await bulkProfiles('QJ', 25);
      const small = await found({ country: 'QJ' });
      expect(small).toMatchObject({ numResults: 25, numResults_capped: false, page: 1 });
      expect(small.results).toHaveLength(20);
      const second = await found({ country: 'QJ', after: small.next!, page: 2 });
      expect(second.results).toHaveLength(5);
      expect(second).toMatchObject({ numResults: 25, page: 2, next: null });

      await bulkProfiles('QK', 1005);
      const big = await found({ country: 'QK' });
      expect(big).toMatchObject({ numResults: 1000, numResults_capped: true });
      expect(big.results).toHaveLength(20);
      // A later page keeps the first page's answer, without counting again.
      const deeper = await found({ country: 'QK', after: big.next!, page: 2 });
      expect(deeper).toMatchObject({ numResults: 1000, numResults_capped: true, page: 2 });
      expect(deeper.results).toHaveLength(20);
      expect(ids(deeper).some((id) => ids(big).includes(id))).toBe(false);
    });

    it('walks every page once while newer members arrive (keyset)', async () => {
      const original = await bulkProfiles('QL', 65);
      const seen: string[] = [];
      let next: string | null = null;
      let page = 1;
      do {
        const answer: Answer = await found({ country: 'QL', page, ...(next ? { after: next } : {}) });
        seen.push(...ids(answer));
        next = answer.next;
        page += 1;
        // Newer members arrive between pages: they belong before the cursor and never shift it.
        await bulkProfiles('QL', 7, { newest: Date.now() + page * 10_000 });
      } while (next && page < 20);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...original].sort());
    });

    it('orders by last activity, then id, both descending', async () => {
      const made = await bulkProfiles('QM', 9, { newest: Date.now() - 5_000 });
      const answer = await found({ country: 'QM' });
      // Three profiles share each moment; within one, the larger id comes first.
      const expected = [0, 3, 6].flatMap((start) =>
        made
          .slice(start, start + 3)
          .sort()
          .reverse(),
      );
      expect(ids(answer)).toEqual(expected);
    });

    it('adds similar results when few match, never repeating a result', async () => {
      const exact = await bulkProfiles('QN', 2, { region: 'North' });
      const nearby = await bulkProfiles('QN', 6, { region: 'South' });
      const answer = await found({ country: 'QN', countryregion: 'North' });
      expect(ids(answer).sort()).toEqual([...exact].sort());
      expect(answer.similar_numResults).toBe(6);
      expect(answer.similar_results.map((c) => c.id).sort()).toEqual([...nearby].sort());

      // Then wider ages: a 36-year-old found for 40 to 45 only as similar.
      const older = await bulkProfiles('QO', 1, { birthdate: '1990-01-01' });
      const ages = await found({ country: 'QO', min_age: 40, max_age: 45 });
      expect(ages.results).toEqual([]);
      expect(ages.similar_results.map((c) => c.id)).toEqual(older);
    });

    it('keeps the member’s last filters for the next visit to /members', async () => {
      const searcher = await app.make.loggedIn({ name: 'Finder' });
      const match = await app.make.member({
        country: 'QP',
        name: 'Matchqp',
        gender: 'female',
        seeking: 'male',
      });
      await found({ country: 'QP', gender: 'female', min_age: 20, max_age: 60 }, searcher);
      // Opening /members without filters is no search of the member's: it keeps what was kept,
      // and shows it.
      const page = await app.request('/members', { headers: { cookie: searcher.cookie } });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`/members/${match.profileId}`);
      const row = await app.db
        .selectFrom('search_filters')
        .select('filters')
        .where('member_id', '=', searcher.memberId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.filters)).toEqual({ gender: 'female', country: 'QP', min_age: 20, max_age: 60 });
    });
  });
}
