import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import {
  block,
  call,
  callIn,
  likesOf,
  manyProfiles,
  shownMember,
  type LikesBody,
  type LoggedIn,
} from './likes-support.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

/* API.md "Likes and the swipe game": like, unlike, lists, like-seen and the like modal's call. */

/** The likes calls against `app`, on whichever database it runs. */
export function likesTests(app: ServerUnderTest): void {
  describe('POST and DELETE /api/like.php', () => {
    it('likes once however often it is sent, and makes a match when the like is mutual', async () => {
      const ann = await shownMember(app, { name: 'Ann' });
      const bo = await shownMember(app, { name: 'Bo' });

      const first = await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId });
      expect(first.status, first.body).toBe(200);
      expect(first.json()).toEqual({ liked: true, match: false });
      const again = await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId });
      expect(again.json()).toEqual({ liked: true, match: false });
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(1);

      const back = await call(app, bo, 'POST', '/api/like.php', { profile: ann.profileId });
      expect(back.json()).toEqual({ liked: true, match: true });
      expect((await likesOf(app, ann)).matches.map((c) => c.id)).toEqual([bo.profileId]);
      expect((await likesOf(app, bo)).matches.map((c) => c.id)).toEqual([ann.profileId]);

      const undone = await call(app, ann, 'DELETE', '/api/like.php', { profile: bo.profileId });
      expect(undone.status).toBe(200);
      expect(undone.json()).toEqual({ liked: false });
      expect((await likesOf(app, ann)).profiles).toEqual([]);
      expect((await likesOf(app, bo)).matches).toEqual([]);
    });

    it('publishes like and match events for the liked member', async () => {
      const ann = await shownMember(app);
      const bo = await shownMember(app);
      await app.make.like(bo, ann);
      await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId });
      const events = await app.db
        .selectFrom('events')
        .select(['type', 'data'])
        .where('member_id', '=', bo.memberId)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.type)).toEqual(['like', 'match']);
      expect(JSON.parse(events[0]!.data)).toEqual({ profile: ann.profileId });
    });

    it('answers 404 for a profile the member may not see: unknown, invisible, another network, oneself', async () => {
      const ann = await shownMember(app);
      const hidden = await shownMember(app);
      await app.make.updateMember(hidden, { invisible: 1 });
      const elsewhere = await shownMember(app, { site: DEMO.curvy });
      for (const profile of ['no-such-profile', hidden.profileId, elsewhere.profileId, ann.profileId]) {
        const res = await call(app, ann, 'POST', '/api/like.php', { profile });
        expect(res.status, profile).toBe(404);
        expect(res.json().error).toBe('not_found');
      }
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(0);
    });

    it('refuses 403 blocked both ways, naming the blocker when the target blocked the viewer', async () => {
      const ann = await shownMember(app, { name: 'Ann' });
      const blocker = await shownMember(app, { name: 'Blockwell' });
      const blocked = await shownMember(app, { name: 'Shutout' });
      await block(app, blocker, ann);
      await block(app, ann, blocked);

      const byThem = await call(app, ann, 'POST', '/api/like.php', { profile: blocker.profileId });
      expect(byThem.status).toBe(403);
      expect(byThem.json()).toMatchObject({
        error: 'blocked',
        name: 'Blockwell',
        message: "You're blocked by Blockwell, no access",
      });
      const german = await callIn('de', app, ann, 'POST', '/api/like.php', { profile: blocker.profileId });
      expect(german.json().message).toBe('Du wurdest von Blockwell blockiert, kein Zugriff');

      const byMe = await call(app, ann, 'POST', '/api/like.php', { profile: blocked.profileId });
      expect(byMe.status).toBe(403);
      expect(byMe.json()).toMatchObject({ error: 'blocked', name: 'Shutout' });
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(0);
    });

    it('tells the liked member once, however often the like is taken back and given again', async () => {
      const ann = await shownMember(app);
      const bo = await shownMember(app);
      for (let i = 0; i < 3; i++) {
        expect((await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId })).status).toBe(200);
        expect((await call(app, ann, 'DELETE', '/api/like.php', { profile: bo.profileId })).status).toBe(200);
      }
      expect((await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId })).status).toBe(200);
      expect(await app.inspect.count('events', { member_id: bo.memberId, type: 'like' })).toBe(1);
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(1);
    });

    it("sends no like event for an invisible member's like, which is still a like", async () => {
      const ann = await shownMember(app);
      const bo = await shownMember(app);
      await app.make.like(bo, ann);
      await app.make.updateMember(ann, { invisible: 1 });
      const res = await call(app, ann, 'POST', '/api/like.php', { profile: bo.profileId });
      expect(res.json()).toEqual({ liked: true, match: true });
      expect(await app.inspect.count('events', { member_id: bo.memberId })).toBe(0);
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(1);
    });

    it('limits likes a day for every member, premium too, counting parallel likes before judging them', async () => {
      const ann = await shownMember(app);
      await app.make.updateMember(ann, { paid_user: 1 });
      const limit = 100;
      const profiles = await manyProfiles(app, ann, limit + 10, { at: () => Date.now() });
      const answers = await Promise.all(
        profiles.map((p) => call(app, ann, 'POST', '/api/like.php', { profile: p.profileId })),
      );
      const refused = answers.filter((a) => a.status === 403);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
      expect(refused).toHaveLength(10);
      expect(refused[0]!.json()).toMatchObject({
        error: 'like_limit_reached',
        limit,
        message: "You have reached today's limit of likes. Try again tomorrow.",
      });
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(limit);
      // Taking a like back gives none back: the day's likes were given.
      const first = profiles.find((_, i) => answers[i]!.status === 200)!;
      expect((await call(app, ann, 'DELETE', '/api/like.php', { profile: first.profileId })).status).toBe(
        200,
      );
      const again = await call(app, ann, 'POST', '/api/like.php', { profile: first.profileId });
      expectError(again, 403, 'like_limit_reached');
      // A like given already is no new like: it is answered as before.
      const given = profiles.find((p, i) => answers[i]!.status === 200 && p !== first)!;
      expect((await call(app, ann, 'POST', '/api/like.php', { profile: given.profileId })).status).toBe(200);
    });

    it('refuses visitors and bad input', async () => {
      const visitor = await app.request('/api/like.php', { method: 'POST', body: { profile: 'x' } });
      expectError(visitor, 403, 'authentication_required');
      for (const path of ['/api/likes.php', '/api/auto-like.php', '/api/swipe.php']) {
        const res = await app.request(path);
        expect(res.status, path).toBe(403);
      }
      const ann = await shownMember(app);
      const other = await shownMember(app);
      const forged = await app.request('/api/like.php', {
        method: 'POST',
        headers: { cookie: ann.cookie, origin: `http://${DEMO.rainbow.host}:${app.server.port}` },
        body: { profile: other.profileId },
      });
      expectError(forged, 403, 'forbidden_origin');
      const bad = await call(app, ann, 'POST', '/api/like.php', { profile: 12 });
      expectFieldErrors(bad, { profile: 'invalid' });
      expect(await app.inspect.count('likes', { liker_profile_id: ann.profileId })).toBe(0);
    });
  });

  describe('GET /api/likes.php', () => {
    it('lists whom I liked, who liked me with the new flag, and matches, newest first, as cards', async () => {
      const me = await shownMember(app);
      const [a, b, c] = [await shownMember(app), await shownMember(app), await shownMember(app)];
      await call(app, me, 'POST', '/api/like.php', { profile: a.profileId });
      await new Promise((r) => setTimeout(r, 5));
      await call(app, me, 'POST', '/api/like.php', { profile: b.profileId });
      await call(app, b, 'POST', '/api/like.php', { profile: me.profileId });
      await new Promise((r) => setTimeout(r, 5));
      await call(app, c, 'POST', '/api/like.php', { profile: me.profileId });

      const likes = await likesOf(app, me);
      expect(likes.profiles.map((p) => p.id)).toEqual([b.profileId, a.profileId]);
      expect(likes.liked_by.map((l) => [l.id, l.like_new, l.liked_back, l.profile.id])).toEqual([
        [c.profileId, true, false, c.profileId],
        [b.profileId, true, true, b.profileId],
      ]);
      expect(likes.matches.map((p) => p.id)).toEqual([b.profileId]);
      const card = likes.profiles[0]!;
      expect(Object.keys(card).sort()).toEqual(
        [
          'age',
          'city',
          'country',
          'fictional',
          'gender',
          'id',
          'main_image',
          'name',
          'online',
          'region',
        ].sort(),
      );
      expect(card.main_image.match).toMatch(/^\/media\/.+-match\.webp$/);
    });

    it('says of a like received that I liked back, however far back my like is among mine', async () => {
      const me = await shownMember(app);
      const early = await shownMember(app);
      await app.make.like(me, early);
      // More likes of mine since than the first page of my likes holds.
      await manyProfiles(app, me, 110, { likedByTo: true, at: (i) => Date.now() + 60_000 + i });
      await app.make.like(early, me);
      const likes = await likesOf(app, me);
      expect(likes.profiles.map((p) => p.id)).not.toContain(early.profileId);
      expect(likes.liked_by.map((l) => [l.id, l.liked_back])).toEqual([[early.profileId, true]]);
      await call(app, me, 'DELETE', '/api/like.php', { profile: early.profileId });
      expect((await likesOf(app, me)).liked_by.map((l) => [l.id, l.liked_back])).toEqual([
        [early.profileId, false],
      ]);
    });

    it('clears the new flag with like-seen, only for that liker', async () => {
      const me = await shownMember(app);
      const [a, b] = [await shownMember(app), await shownMember(app)];
      await app.make.like(a, me);
      await app.make.like(b, me);
      const seen = await call(app, me, 'POST', '/api/like-seen.php', { profile: a.profileId });
      expect(seen.status).toBe(200);
      expect(seen.json()).toEqual({ ok: true });
      const flags = Object.fromEntries((await likesOf(app, me)).liked_by.map((l) => [l.id, l.like_new]));
      expect(flags).toEqual({ [a.profileId]: false, [b.profileId]: true });
    });

    it('leaves out blocked members both ways, invisible ones and other networks', async () => {
      const me = await shownMember(app);
      const blockedMe = await shownMember(app);
      const iBlocked = await shownMember(app);
      const hidden = await shownMember(app);
      const friend = await shownMember(app);
      const elsewhere = await shownMember(app, { site: DEMO.curvy });
      for (const other of [blockedMe, iBlocked, hidden, friend]) {
        await app.make.like(other, me);
        await app.make.like(me, other);
      }
      // A row across networks cannot be made through the API; written directly, it still stays out.
      await app.make.like(elsewhere, me);
      await block(app, blockedMe, me);
      await block(app, me, iBlocked);
      await app.make.updateMember(hidden, { invisible: 1 });

      const likes = await likesOf(app, me);
      expect(likes.profiles.map((p) => p.id)).toEqual([friend.profileId]);
      expect(likes.liked_by.map((l) => l.id)).toEqual([friend.profileId]);
      expect(likes.matches.map((p) => p.id)).toEqual([friend.profileId]);
      // And the blocker does not see the member they blocked either.
      const theirs = await likesOf(app, blockedMe);
      expect(theirs.liked_by.concat([]).map((l) => l.id)).not.toContain(me.profileId);
      expect(theirs.profiles.map((p) => p.id)).not.toContain(me.profileId);
    });
  });

  describe('GET /api/likes.php pages', () => {
    type List = 'profiles' | 'liked_by' | 'matches';
    const idsOf = (body: LikesBody, list: List) =>
      list === 'liked_by' ? body.liked_by.map((l) => l.id) : body[list].map((c) => c.id);

    /** Every page of `list` for `member`, from the first page of all lists on; the ids of each page. */
    async function walk(member: LoggedIn, list: List, onPage?: (page: number) => Promise<void>) {
      const pages: string[][] = [];
      let body = await likesOf(app, member);
      pages.push(idsOf(body, list));
      while (body.next[list]) {
        await onPage?.(pages.length);
        const res = await call(app, member, 'GET', `/api/likes.php?list=${list}&after=${body.next[list]}`);
        expect(res.status, res.body).toBe(200);
        body = res.json<LikesBody>();
        // Asked for one list, the answer carries that list alone.
        for (const other of ['profiles', 'liked_by', 'matches'] as const)
          if (other !== list) {
            expect(idsOf(body, other)).toEqual([]);
            expect(body.next[other]).toBeNull();
          }
        pages.push(idsOf(body, list));
        expect(pages.length).toBeLessThan(10);
      }
      return pages;
    }

    /** Newest first, ties in time by id, descending: the order the pages must follow. */
    const expected = (rows: Array<{ profileId: string; at: number }>) =>
      [...rows]
        .sort((a, b) => b.at - a.at || (a.profileId < b.profileId ? 1 : a.profileId > b.profileId ? -1 : 0))
        .map((r) => r.profileId);

    it('pages who liked me by a cursor, across likes of the same millisecond, without overlap or gap', async () => {
      const me = await shownMember(app);
      const base = Date.now() - 3_600_000;
      // 130 likes in one millisecond (a page boundary falls inside them), 100 spread over time.
      const likers = await manyProfiles(app, me, 230, {
        likesTo: true,
        at: (i) => (i < 130 ? base : base - 1000 * (i - 129)),
      });
      const pages = await walk(me, 'liked_by');
      expect(pages.map((page) => page.length)).toEqual([100, 100, 30]);
      const all = pages.flat();
      expect(new Set(all).size).toBe(230);
      expect(all).toEqual(expected(likers));
      const first = await likesOf(app, me);
      expect(first.liked_by.every((l) => l.like_new)).toBe(true);
      expect(first.next.profiles).toBeNull();
      expect(first.next.matches).toBeNull();
    });

    it('pages whom I liked and my matches the same way; a match dates from the later like', async () => {
      const me = await shownMember(app);
      const base = Date.now() - 3_600_000;
      const liked = await manyProfiles(app, me, 150, {
        likedByTo: true,
        at: (i) => (i % 3 === 0 ? base : base - i),
      });
      expect((await walk(me, 'profiles')).flat()).toEqual(expected(liked));

      // Their likes back come in later than mine for half of them: those matches sort by theirs.
      const backs = liked
        .slice(0, 120)
        .map((p, i) => ({ ...p, back: i % 2 === 0 ? base + 10 * (i % 7) : p.at - 5 }));
      await app.db
        .insertInto('likes')
        .values(
          backs.map((p) => ({
            liker_profile_id: p.profileId,
            liked_profile_id: me.profileId,
            network_id: p.network,
            created_at: p.back,
            seen_at: null,
          })),
        )
        .execute();
      const pages = await walk(me, 'matches');
      expect(pages.map((page) => page.length)).toEqual([100, 20]);
      expect(pages.flat()).toEqual(
        expected(backs.map((p) => ({ profileId: p.profileId, at: Math.max(p.at, p.back) }))),
      );
    });

    it('keeps blocks on later pages, both ways, blocked after the first page was read', async () => {
      const me = await shownMember(app);
      const base = Date.now() - 3_600_000;
      const likers = await manyProfiles(app, me, 210, { likesTo: true, at: (i) => base - i });
      const order = expected(likers);
      const [iBlock, blocksMe] = [order[150]!, order[205]!];
      const pages = await walk(me, 'liked_by', async (page) => {
        if (page !== 1) return;
        await block(app, me, { profileId: iBlock, network: me.network });
        await block(app, { profileId: blocksMe, network: me.network }, me);
      });
      const all = pages.flat();
      expect(all).toEqual(order.filter((id) => id !== iBlock && id !== blocksMe));
    });

    it("shows nothing of another member's list behind that member's cursor", async () => {
      const me = await shownMember(app);
      const stranger = await shownMember(app);
      const base = Date.now() - 3_600_000;
      await manyProfiles(app, stranger, 120, { likesTo: true, at: (i) => base - i });
      const theirCursor = (await likesOf(app, stranger)).next.liked_by;
      expect(theirCursor).toBeTruthy();
      // My own likers are older than where their page ended: the cursor goes on in my list.
      const mine = await manyProfiles(app, me, 3, { likesTo: true, at: (i) => base - 10_000 - i });
      for (const list of ['liked_by', 'profiles', 'matches'] as const) {
        const res = await call(app, me, 'GET', `/api/likes.php?list=${list}&after=${theirCursor}`);
        expect(res.status, res.body).toBe(200);
        const body = res.json<LikesBody>();
        expect(idsOf(body, list)).toEqual(list === 'liked_by' ? mine.map((p) => p.profileId) : []);
        expect(body.next[list]).toBeNull();
      }
    });

    it('answers 422 for an unknown list, a cursor without its list, and a cursor it did not make', async () => {
      const me = await shownMember(app);
      const cases: Array<[string, Record<string, string>]> = [
        ['list=everyone', { list: 'list_invalid' }],
        ['after=WzEsImEiXQ', { list: 'list_required' }],
        ['list=liked_by&after=not-a-cursor', { after: 'cursor_invalid' }],
        [`list=liked_by&after=${btoa(JSON.stringify(['x', 'abc']))}`, { after: 'cursor_invalid' }],
      ];
      for (const [query, fields] of cases) {
        const res = await call(app, me, 'GET', `/api/likes.php?${query}`);
        expect(res.status, query).toBe(422);
        expect(res.json().fields, query).toEqual(fields);
      }
      // One list's first page alone.
      const only = await call(app, me, 'GET', '/api/likes.php?list=matches');
      expect(only.json()).toEqual({
        profiles: [],
        liked_by: [],
        matches: [],
        next: { profiles: null, liked_by: null, matches: null },
      });
    });

    it('offer a "Load more" button on a likes page with more than a page', async () => {
      const me = await shownMember(app);
      const start = Date.now() - 60_000;
      await manyProfiles(app, me, 101, { likesTo: true, at: (i) => start - i });
      const res = await call(app, me, 'GET', '/likes/received');
      expect(res.body).toContain('likes-more');
      expect(res.body).toContain('Load more');
      expect(res.body).toMatch(/100\+<\/span>/);
      const sent = await call(app, me, 'GET', '/likes/sent');
      expect(sent.body).not.toContain('likes-more');
    });
  });

  describe('GET /api/auto-like.php', () => {
    it('answers 204 when no like waits, and never makes one up', async () => {
      const me = await shownMember(app);
      // Others exist and are active, but none of them liked me.
      await shownMember(app);
      await app.make.operatorProfile({ fictional: true });
      const res = await call(app, me, 'GET', '/api/auto-like.php');
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
    });

    it('answers the newest unseen like with its photo and the fictional flag, until it is seen', async () => {
      const me = await shownMember(app);
      const real = await shownMember(app, { name: 'Realperson' });
      await app.make.like(real, me);
      const first = await call(app, me, 'GET', '/api/auto-like.php');
      expect(first.status).toBe(200);
      const body = first.json<{ profile: Record<string, unknown> }>();
      expect(body.profile).toMatchObject({ id: real.profileId, name: 'Realperson', fictional: false });
      expect(body.profile.main_image).toEqual({ match: expect.stringMatching(/-match\.webp$/) });

      const operator = await app.make.operatorProfile({ name: 'Actress', fictional: true });
      await new Promise((r) => setTimeout(r, 5));
      await app.make.like(operator, me);
      const newest = await call(app, me, 'GET', '/api/auto-like.php');
      expect(newest.json()).toMatchObject({ profile: { id: operator.profileId, fictional: true } });

      await call(app, me, 'POST', '/api/like-seen.php', { profile: operator.profileId });
      await call(app, me, 'POST', '/api/like-seen.php', { profile: real.profileId });
      expect((await call(app, me, 'GET', '/api/auto-like.php')).status).toBe(204);
    });

    it('does not show a like from someone the member blocked', async () => {
      const me = await shownMember(app);
      const other = await shownMember(app);
      await app.make.like(other, me);
      await block(app, me, other);
      expect((await call(app, me, 'GET', '/api/auto-like.php')).status).toBe(204);
    });
  });

  describe('the likes pages', () => {
    it('show the tabs with cards, the new marker and the fictional label', async () => {
      const me = await shownMember(app);
      const operator = await app.make.operatorProfile({ name: 'Stagename', fictional: true });
      await app.make.like(operator, me);
      for (const path of ['/likes', '/likes/received']) {
        const res = await call(app, me, 'GET', path);
        expect(res.status, path).toBe(200);
        expect(res.body).toContain('Stagename');
        expect(res.body).toContain('badge-fictional');
        expect(res.body).toContain('likes-new');
        expect(res.body).toContain(`/members/${operator.profileId}`);
      }
      const sent = await call(app, me, 'GET', '/likes/sent');
      expect(sent.body).toContain('likes-empty');
      expect((await call(app, me, 'GET', '/likes/other')).status).toBe(404);
      const visitor = await app.request('/likes/matches');
      expect(visitor.status).toBe(303);
    });
  });

  describe("the member's data", () => {
    it('holds likes given and received and the swipes, from the likes and swipe features', async () => {
      const me = await shownMember(app);
      const other = await shownMember(app);
      const fan = await shownMember(app);
      await call(app, me, 'POST', '/api/like.php', { profile: other.profileId });
      await app.make.like(fan, me);
      await call(app, me, 'POST', '/api/swipe.php', { profile: fan.profileId, action: 'pass' });
      const res = await call(app, me, 'GET', '/api/export.php');
      expect(res.status).toBe(200);
      const doc = res.json<Record<string, Array<Record<string, unknown>>>>();
      expect(doc.likes_given).toEqual([
        { liked_profile_id: other.profileId, created_at: expect.any(String) },
      ]);
      expect(doc.likes_received).toEqual([
        { liker_profile_id: fan.profileId, created_at: expect.any(String), seen_at: null },
      ]);
      expect(doc.swipes).toEqual([
        { target_profile_id: fan.profileId, action: 'pass', created_at: expect.any(String) },
      ]);
    });
  });
}
