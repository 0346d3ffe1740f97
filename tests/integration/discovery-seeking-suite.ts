import { describe, expect, it } from 'vitest';
import type { MemberOptions, ProfileRef, TestMember, TestSession } from '../support/factories.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectError } from '../support/answers.ts';

/*
 * Search and the match finder by whom the member seeks (docs/api-extensions.md "Search by whom
 * the member seeks"): the default filters follow the member's gender and seeking and the site's
 * niche, the last search is kept for the member and a reset drops it, and `/match-finder` ranks
 * the profiles that fit both ways by how well they fit, never showing a blocked profile or one
 * of another network.
 */

interface Card {
  id: string;
  name: string;
  gender: 'male' | 'female';
  fictional: boolean;
}
interface MatchCard extends Card {
  reasons: { shared_interests: number; near: string | null; age_fits: boolean };
}
interface MatchAnswer {
  results: MatchCard[];
  next: string | null;
}

export function seekingSuite(database: 'sqlite' | 'postgres'): void {
  const app = useServer({ clock: true, database });

  type Member = TestMember & TestSession;

  /** A birthdate `years` years ago (give or take the day). */
  const aged = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

  /** A man seeking women, `years` old, on the amber site unless `more` says otherwise. */
  const man = (name: string, years: number, more: MemberOptions = {}) =>
    app.make.member({ name, gender: 'male', seeking: 'female', birthdate: aged(years), ...more });
  /** A woman seeking men, `years` old, on the amber site unless `more` says otherwise. */
  const woman = (name: string, years: number, more: MemberOptions = {}) =>
    app.make.member({ name, gender: 'female', seeking: 'male', birthdate: aged(years), ...more });
  /** A woman seeking men, `years` old and logged in: the member whose view most tests here look at. */
  const loggedInWoman = (years: number, more: MemberOptions = {}) =>
    app.make.loggedIn({ gender: 'female', seeking: 'male', birthdate: aged(years), ...more });

  /** `path` as `member` asks for it, which must answer 200; the page and the API read it their way. */
  const answered = async (member: Member, path: string, host: string) => {
    const res = await app.request(path, { host, headers: { cookie: member.cookie } });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    return res;
  };
  const page = async (member: Member, path: string, host: string = DEMO.amber.host) =>
    (await answered(member, path, host)).body;
  const call = async <T>(member: Member, path: string, host: string = DEMO.amber.host): Promise<T> =>
    (await answered(member, path, host)).json<T>();

  /** The gender the search island of a /members page starts with, from its serialised props. */
  const defaultGender = (html: string) =>
    html.match(/&quot;gender&quot;:\[0,&quot;(male|female)&quot;\]/)?.[1];

  /** Everything the match finder answers, page after page. */
  async function allMatches(member: Member, host: string = DEMO.amber.host): Promise<MatchCard[]> {
    const cards: MatchCard[] = [];
    let next: string | null = null;
    for (let i = 0; i < 12; i++) {
      const answer: MatchAnswer = await call<MatchAnswer>(
        member,
        `/api/match-finder.php${next ? `?after=${encodeURIComponent(next)}` : ''}`,
        host,
      );
      cards.push(...answer.results);
      next = answer.next;
      if (!next) break;
    }
    return cards;
  }

  async function interests(profile: { profileId: string; network: string }, keys: string[]) {
    await app.db
      .insertInto('profile_interests')
      .values(
        keys.map((interest) => ({ profile_id: profile.profileId, network_id: profile.network, interest })),
      )
      .execute();
  }

  describe(`the default filters of /members (${database})`, () => {
    // The same question from both sides: the gender sought is the one shown, the other is not.
    for (const { title, viewer, sought, other, years } of [
      {
        title: 'shows a woman seeking men on the general site men first, not women',
        viewer: { gender: 'female', seeking: 'male', years: 32 },
        sought: { make: man, name: 'Menfirstman' },
        other: { make: woman, name: 'Menfirstwoman' },
        years: 33,
      },
      {
        title: 'keeps the niche’s default for a man seeking women (women first)',
        viewer: { gender: 'male', seeking: 'female', years: 30 },
        sought: { make: woman, name: 'Womenfirstwoman' },
        other: { make: man, name: 'Womenfirstman' },
        years: 29,
      },
    ] as const)
      it(title, async () => {
        const member = await app.make.loggedIn({
          gender: viewer.gender,
          seeking: viewer.seeking,
          birthdate: aged(viewer.years),
        });
        await sought.make(sought.name, years);
        await other.make(other.name, years);
        const html = await page(member, '/members');
        expect(html).toContain(sought.name);
        expect(html).not.toContain(other.name);
        expect(defaultGender(html)).toBe(viewer.seeking);
      });

    it('moves the default ages to take in an older member', async () => {
      const her = await loggedInWoman(62);
      await man('Sixtyfiveman', 65);
      const html = await page(her, '/members');
      expect(html).toContain('Sixtyfiveman');
    });

    it('shows men on the gay site, whatever the member asked the general site', async () => {
      const gay = await app.make.loggedIn({
        site: DEMO.rainbow,
        gender: 'male',
        seeking: 'male',
        birthdate: aged(30),
      });
      await app.make.member({
        site: DEMO.rainbow,
        name: 'Rainbowman',
        gender: 'male',
        seeking: 'male',
        birthdate: aged(31),
      });
      const html = await page(gay, '/members', DEMO.rainbow.host);
      expect(html).toContain('Rainbowman');
      expect(defaultGender(html)).toBe('male');
    });
  });

  describe(`the kept filters (${database})`, () => {
    it('restores the last search on the next visit, and a reset to the defaults drops it', async () => {
      const her = await loggedInWoman(35, { country: 'DE' });
      const there = await app.make.member({
        name: 'Keptwoman',
        gender: 'female',
        seeking: 'male',
        country: 'ZK',
      });
      // Her own search: women in ZK.
      const searched = await call<{ results: Card[] }>(her, '/api/members.php?gender=female&country=ZK');
      expect(searched.results.map((c) => c.id)).toEqual([there.profileId]);
      expect(await app.inspect.count('search_filters', { member_id: her.memberId })).toBe(1);

      // The next visit, without any filters in the address, opens that search again.
      const html = await page(her, '/members');
      expect(html).toContain('Keptwoman');
      expect(html).toContain('&quot;country&quot;:[0,&quot;ZK&quot;]');

      // A search with exactly her defaults (what "Reset" sends: men, the general niche's 18 to 45,
      // which takes in her 35) keeps nothing: the defaults return.
      expect(html).toContain(
        '&quot;defaults&quot;:[0,{&quot;gender&quot;:[0,&quot;male&quot;],&quot;min_age&quot;:[0,18],&quot;max_age&quot;:[0,45]}]',
      );
      await call(her, '/api/members.php?gender=male&min_age=18&max_age=45');
      expect(await app.inspect.count('search_filters', { member_id: her.memberId })).toBe(0);
      const again = await page(her, '/members');
      expect(again).not.toContain('Keptwoman');
    });

    it('keeps each member’s filters to that member', async () => {
      const one = await app.make.loggedIn({ gender: 'female', seeking: 'male' });
      const two = await app.make.loggedIn({ gender: 'female', seeking: 'male' });
      await app.make.member({ name: 'Onlyforone', gender: 'female', seeking: 'male', country: 'ZL' });
      await call(one, '/api/members.php?gender=female&country=ZL');
      expect(await page(one, '/members')).toContain('Onlyforone');
      expect(await page(two, '/members')).not.toContain('Onlyforone');
    });
  });

  describe(`the match finder (${database})`, () => {
    /**
     * Her town and her three interests, given to her and to the men who should fit her (or would,
     * but for a block, a network or a setting): as close a fit as the finder can see.
     */
    const sameTownAndInterests = async (profile: ProfileRef, more: { last_active_at?: number } = {}) => {
      await app.make.updateProfile(profile, { city: 'Zwaagdijk-Oost', region: 'Noord-Holland', ...more });
      await interests(profile, ['hiking', 'cooking', 'music']);
    };

    it('ranks a clear better fit first, and never shows a blocked profile, one of another network or one that does not fit both ways', async () => {
      const her = await loggedInWoman(31, { country: 'NL' });
      await sameTownAndInterests(her);

      // Most recently active, but nothing in common and far away.
      const stranger = await man('Farstranger', 33, { country: 'PT' });
      // Same town, three interests in common, looks for her age.
      const fit = await man('Bestfit', 32, { country: 'NL' });
      await sameTownAndInterests(fit, { last_active_at: Date.now() - 60 * 60_000 });
      // As good a fit, but blocked by her, and one who blocked her.
      const blocked = await man('Blockedfit', 32, { country: 'NL' });
      const blocker = await man('Blockerfit', 32, { country: 'NL' });
      for (const m of [blocked, blocker]) await sameTownAndInterests(m);
      await app.make.block(her, blocked);
      await app.make.block(blocker, her);
      // Seeks men, not her; a woman; invisible; of another network.
      const seeksMen = await app.make.member({
        name: 'Seeksmenfit',
        gender: 'male',
        seeking: 'male',
        birthdate: aged(32),
        country: 'NL',
      });
      const womanFit = await woman('Womanfit', 32, { country: 'NL' });
      const invisible = await man('Invisiblefit', 32, { country: 'NL' });
      await app.make.updateMember(invisible, { invisible: 1 });
      const elsewhere = await man('Curvyfit', 32, { site: DEMO.curvy, country: 'NL' });
      for (const m of [seeksMen, womanFit, invisible, elsewhere]) await sameTownAndInterests(m);

      const matches = await allMatches(her);
      const ids = matches.map((c) => c.id);
      expect(ids[0]).toBe(fit.profileId);
      expect(matches[0]!.reasons).toEqual({ shared_interests: 3, near: 'city', age_fits: true });
      expect(ids).toContain(stranger.profileId);
      expect(ids.indexOf(stranger.profileId)).toBeGreaterThan(0);
      for (const hidden of [blocked, blocker, seeksMen, womanFit, invisible, elsewhere])
        expect(ids).not.toContain(hidden.profileId);
      expect(new Set(ids).size).toBe(ids.length);

      // The page shows the same first match, with its reasons.
      const html = await page(her, '/match-finder');
      expect(html.indexOf('Bestfit')).toBeGreaterThan(-1);
      expect(html).not.toContain('Blockedfit');
      expect(html).not.toContain('Blockerfit');
    });

    it('ranks by the age the candidates look for: her age in their kept filters beats outside them', async () => {
      const her = await loggedInWoman(40, { country: 'IS' });
      const wantsHer = await man('Wantsforty', 41, { country: 'IS' });
      const wantsYounger = await man('Wantsyounger', 41, { country: 'IS' });
      const keep = (memberId: string, filters: object) =>
        app.db
          .insertInto('search_filters')
          .values({
            member_id: memberId,
            network_id: DEMO.amber.network,
            filters: JSON.stringify(filters),
            updated_at: Date.now(),
          })
          .execute();
      await keep(wantsHer.memberId, { gender: 'female', min_age: 35, max_age: 45 });
      await keep(wantsYounger.memberId, { gender: 'female', min_age: 20, max_age: 28 });
      // The one who wants younger is the more recently active: the age fit still decides.
      await app.make.updateProfile(wantsHer, { last_active_at: Date.now() - 10 * 60_000 });
      const ids = (await allMatches(her)).map((c) => c.id);
      expect(ids.indexOf(wantsHer.profileId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(wantsHer.profileId)).toBeLessThan(ids.indexOf(wantsYounger.profileId));
    });

    it('answers visitors 403 and a bad cursor 422', async () => {
      expectError(
        await app.request('/api/match-finder.php', { host: DEMO.amber.host }),
        403,
        'authentication_required',
      );
      const her = await app.make.loggedIn({ gender: 'female', seeking: 'male' });
      const res = await app.request('/api/match-finder.php?after=nonsense', {
        host: DEMO.amber.host,
        headers: { cookie: her.cookie },
      });
      expect(res.status).toBe(422);
      expect((await app.request('/match-finder', { host: DEMO.amber.host })).status).toBe(303);
    });
  });
}
