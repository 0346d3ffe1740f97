import { expect, it } from 'vitest';
import { startOfDay } from '../../src/lib/member-day.ts';
import { DEMO } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import { block, call, shownMember, type LoggedIn } from './likes-support.ts';
import { expectError } from '../support/answers.ts';

/*
 * The swipe game over HTTP, for each database (the daily limit's lock differs by dialect):
 * the deck's exclusions, 4 likes a day for free members counted atomically, the day in the
 * member's own time zone, premium without limit.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Deck {
  profiles: Array<{ id: string; fictional: boolean }>;
  remaining_today: number | null;
}

export function swipeTests(app: ServerUnderTest): void {
  const deckOf = async (member: LoggedIn): Promise<Deck> => {
    const res = await call(app, member, 'GET', '/api/swipe.php');
    expect(res.status, res.body).toBe(200);
    return res.json<Deck>();
  };
  const swipe = (member: LoggedIn, profile: string, action: 'like' | 'pass') =>
    call(app, member, 'POST', '/api/swipe.php', { profile, action });

  /** The first demo site: each test makes members of its own there. */
  const playground = () => DEMO.amber;

  it('deals visible profiles of the niche, without judged, liked, blocked or invisible ones', async () => {
    const site = playground();
    const me = await shownMember(app, { site });
    const others = [];
    // Women seeking men: the deck of a man seeking women (the factories' default member).
    for (let i = 0; i < 7; i++)
      others.push(await shownMember(app, { site, name: `Deck${i}`, gender: 'female', seeking: 'male' }));
    const [passed, swipedLike, likedOnProfile, blockedMe, iBlocked, hidden, fresh] = others as [
      LoggedIn,
      LoggedIn,
      LoggedIn,
      LoggedIn,
      LoggedIn,
      LoggedIn,
      LoggedIn,
    ];
    const operator = await app.make.operatorProfile({ network: site.network, fictional: true });
    const elsewhere = await shownMember(app, { site: DEMO.curvy });

    expect((await swipe(me, passed.profileId, 'pass')).status).toBe(200);
    expect((await swipe(me, swipedLike.profileId, 'like')).status).toBe(200);
    await app.make.like(me, likedOnProfile);
    await block(app, blockedMe, me);
    await block(app, me, iBlocked);
    await app.make.updateMember(hidden, { invisible: 1 });

    const deck = await deckOf(me);
    const dealt = deck.profiles.map((p) => p.id);
    expect(dealt).toContain(fresh.profileId);
    expect(dealt).toContain(operator.profileId);
    for (const left of [passed, swipedLike, likedOnProfile, blockedMe, iBlocked, hidden, elsewhere, me])
      expect(dealt).not.toContain(left.profileId);
    expect(deck.profiles.find((p) => p.id === operator.profileId)?.fictional).toBe(true);
    expect(deck.remaining_today).toBe(3);

    const refused = await swipe(me, blockedMe.profileId, 'like');
    expectError(refused, 403, 'blocked');
    expect((await swipe(me, elsewhere.profileId, 'like')).status).toBe(404);
  });

  it('deals only profiles that fit both ways: whom the member seeks, and who seek someone like them', async () => {
    const site = playground();
    const woman = await shownMember(app, { site, gender: 'female', seeking: 'male' });
    const fits = await shownMember(app, { site, name: 'Fitsboth', gender: 'male', seeking: 'female' });
    const seeksMen = await shownMember(app, { site, name: 'Seeksmen', gender: 'male', seeking: 'male' });
    const otherWoman = await shownMember(app, {
      site,
      name: 'Alsoawoman',
      gender: 'female',
      seeking: 'male',
    });
    const bi = await shownMember(app, { site, name: 'Seeksboth', gender: 'male' });
    await app.make.updateProfile(bi, { seeking: 'both' });
    const dealt = (await deckOf(woman)).profiles.map((p) => p.id);
    expect(dealt).toContain(fits.profileId);
    expect(dealt).toContain(bi.profileId);
    expect(dealt).not.toContain(seeksMen.profileId);
    expect(dealt).not.toContain(otherWoman.profileId);
    // A member seeking both is dealt both, each only if they seek the member's gender.
    await app.make.updateProfile(woman, { seeking: 'both' });
    const wider = (await deckOf(woman)).profiles.map((p) => p.id);
    expect(wider).toContain(fits.profileId);
    expect(wider).not.toContain(otherWoman.profileId);
    const womanForWomen = await shownMember(app, {
      site,
      name: 'Seekswomen',
      gender: 'female',
      seeking: 'female',
    });
    expect((await deckOf(woman)).profiles.map((p) => p.id)).toContain(womanForWomen.profileId);
    expect(dealt).not.toContain(womanForWomen.profileId);
  });

  it('makes a swipe like a like, and a match when mutual', async () => {
    const site = playground();
    const me = await shownMember(app, { site });
    const fan = await shownMember(app, { site });
    await app.make.like(fan, me);
    const res = await swipe(me, fan.profileId, 'like');
    expect(res.json()).toEqual({ remaining_today: 3, match: true });
    expect(await app.inspect.count('likes', { liker_profile_id: me.profileId })).toBe(1);
    // The same like again costs nothing and changes nothing.
    expect((await swipe(me, fan.profileId, 'like')).json()).toEqual({ remaining_today: 3, match: true });
  });

  it('lets 8 parallel likes of a free member through exactly 4 times', async () => {
    const site = playground();
    const me = await shownMember(app, { site });
    const targets = [];
    for (let i = 0; i < 8; i++) targets.push(await shownMember(app, { site }));
    const answers = await Promise.all(targets.map((t) => swipe(me, t.profileId, 'like')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403, 403, 403]);
    for (const refused of answers.filter((a) => a.status === 403)) {
      expect(refused.json()).toMatchObject({ error: 'swipe_limit_reached', remaining_today: 0 });
      expect(refused.json().message).toMatch(/4 likes/);
    }
    expect(await app.inspect.count('likes', { liker_profile_id: me.profileId })).toBe(4);
    expect(await app.inspect.count('swipes', { profile_id: me.profileId, action: 'like' })).toBe(4);
    expect((await deckOf(me)).remaining_today).toBe(0);
    // Passing is still possible at the limit.
    await shownMember(app, { site, gender: 'female', seeking: 'male' });
    const left = (await deckOf(me)).profiles[0]!;
    expect((await swipe(me, left.id, 'pass')).json()).toEqual({ remaining_today: 0, match: false });
  });

  it("starts a new day at the member's own midnight", async () => {
    const site = playground();
    const zone = 'Pacific/Auckland';
    const kiwi = await shownMember(app, { site });
    const londoner = await shownMember(app, { site });
    await app.make.updateMember(kiwi, { time_zone: zone });
    const targets = [];
    for (let i = 0; i < 10; i++) targets.push(await shownMember(app, { site }));
    // Ten minutes before midnight in Auckland (late morning in UTC), two days ahead.
    const beforeMidnight = startOfDay(Date.now() + 2 * DAY, zone) - 10 * MINUTE;
    try {
      app.setClock(beforeMidnight - Date.now());
      for (let i = 0; i < 4; i++) {
        expect((await swipe(kiwi, targets[i]!.profileId, 'like')).status).toBe(200);
        expect((await swipe(londoner, targets[i]!.profileId, 'like')).status).toBe(200);
      }
      expect((await swipe(kiwi, targets[4]!.profileId, 'like')).status).toBe(403);
      expect((await deckOf(kiwi)).remaining_today).toBe(0);

      app.setClock(beforeMidnight + 20 * MINUTE - Date.now());
      expect((await deckOf(kiwi)).remaining_today).toBe(4);
      expect((await swipe(kiwi, targets[4]!.profileId, 'like')).json()).toMatchObject({ remaining_today: 3 });
      // In UTC it is still the same day: the Londoner's likes are spent.
      expect((await deckOf(londoner)).remaining_today).toBe(0);
      expect((await swipe(londoner, targets[5]!.profileId, 'like')).status).toBe(403);
    } finally {
      app.setClock(0);
    }
  });

  it('starts no second day when the member moves to a time zone where the next day has begun', async () => {
    const site = playground();
    const traveller = await shownMember(app, { site });
    await app.make.updateMember(traveller, { time_zone: 'UTC' });
    const targets = [];
    for (let i = 0; i < 6; i++) targets.push(await shownMember(app, { site }));
    // Kiritimati (UTC+14) starts its day at 10:00 UTC: ten minutes before, two days ahead.
    const zone = 'Pacific/Kiritimati';
    const kiritimatiMidnight = startOfDay(Date.now() + 2 * DAY, zone);
    try {
      app.setClock(kiritimatiMidnight - 10 * MINUTE - Date.now());
      for (let i = 0; i < 4; i++)
        expect((await swipe(traveller, targets[i]!.profileId, 'like')).status).toBe(200);
      expect((await swipe(traveller, targets[4]!.profileId, 'like')).status).toBe(403);

      // Twenty minutes later, in a zone where it is just after midnight: still the same day.
      app.setClock(kiritimatiMidnight + 10 * MINUTE - Date.now());
      await app.make.updateMember(traveller, { time_zone: zone });
      expect((await deckOf(traveller)).remaining_today).toBe(0);
      expectError(await swipe(traveller, targets[4]!.profileId, 'like'), 403, 'swipe_limit_reached');
      expect(await app.inspect.count('likes', { liker_profile_id: traveller.profileId })).toBe(4);

      // The next midnight there, after the day begun in UTC is over, is a new day.
      app.setClock(kiritimatiMidnight + DAY + 10 * MINUTE - Date.now());
      expect((await deckOf(traveller)).remaining_today).toBe(4);
      expect((await swipe(traveller, targets[4]!.profileId, 'like')).json()).toMatchObject({
        remaining_today: 3,
      });
    } finally {
      app.setClock(0);
    }
  });

  it('lets premium members swipe without limit', async () => {
    const site = playground();
    const rich = await shownMember(app, { site });
    await app.make.updateMember(rich, { paid_user: 1 });
    expect((await deckOf(rich)).remaining_today).toBeNull();
    for (let i = 0; i < 6; i++) {
      const target = await shownMember(app, { site });
      const res = await swipe(rich, target.profileId, 'like');
      expect(res.status).toBe(200);
      expect(res.json().remaining_today).toBeNull();
    }
  });

  it('serves the swipe page with the remaining likes said openly', async () => {
    const site = playground();
    const me = await shownMember(app, { site });
    await shownMember(app, { site, name: 'Cardholder', gender: 'female', seeking: 'male' });
    const res = await call(app, me, 'GET', '/swipe-game');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Cardholder');
    expect(res.body).toContain('4 likes left today');
    expect((await app.request('/swipe-game')).status).toBe(303);
  });
}
