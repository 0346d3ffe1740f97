import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberProfile } from '../../src/features/profile-view/index.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectError } from '../support/answers.ts';

/*
 * The profile view (`GET /api/member.php`, `/members/{id}`, `/likes/m/{id}`) and blocks
 * (`/api/block.php`) over HTTP: what a member sees of another, the network boundary, invisible
 * and private modes, blocks both ways, and the new-like flag that opening a profile clears.
 * Blocking oneself is answered 422 `validation` with `profile: block_self` (a mistake in the
 * request, not an unknown profile).
 */
const app = useServer();

type Member = TestMember & TestSession;

const get = (who: Member | null, path: string, host: string = DEMO.amber.host) =>
  app.request(path, { host, headers: who ? { cookie: who.cookie } : {} });
const call = (who: Member, method: string, path: string, body: unknown, host: string = DEMO.amber.host) =>
  app.request(path, { host, method, body, headers: { cookie: who.cookie } });
const profileOf = (who: Member, id: string, host?: string) =>
  get(who, `/api/member.php?id=${encodeURIComponent(id)}`, host);

let n = 0;
async function member(options: Parameters<typeof app.make.loggedIn>[0] = {}): Promise<Member> {
  n += 1;
  return app.make.loggedIn({ name: `Viewtest${n}`, gender: 'female', seeking: 'male', ...options });
}

describe('GET /api/member.php', () => {
  let viewer: Member;
  let other: Member;
  beforeAll(async () => {
    viewer = await member({ gender: 'male', seeking: 'female' });
    other = await member({ name: 'Odalys' });
    await app.make.photo(other);
    await app.make.updateProfile(other, {
      text: 'Hello there',
      hair_color: 'red',
      eye_color: 'green',
      relationship_status: 'single',
    });
    await app.db
      .insertInto('profile_interests')
      .values([
        { profile_id: other.profileId, network_id: other.network, interest: 'wine' },
        { profile_id: other.profileId, network_id: other.network, interest: 'kissing' },
      ])
      .execute();
  });

  it('refuses a visitor', async () => {
    const res = await get(null, `/api/member.php?id=${other.profileId}`);
    expectError(res, 403, 'authentication_required');
  });

  it("shows another member's card, photos, fields, interests, text and the state between them", async () => {
    const res = await profileOf(viewer, other.profileId);
    expect(res.status, res.body).toBe(200);
    const { profile } = res.json<{ profile: MemberProfile }>();
    expect(profile).toMatchObject({
      id: other.profileId,
      name: 'Odalys',
      own: false,
      liked: false,
      liked_by: false,
      blocked: false,
      fictional: false,
      text: 'Hello there',
    });
    expect(profile.attributes).toMatchObject({
      gender: 'female',
      hair_color: 'red',
      relationship_status: 'single',
    });
    // The catalogue's order (kissing comes before wine), whatever order they were saved in.
    expect(profile.interests).toEqual(['kissing', 'wine']);
    expect(profile.photos).toHaveLength(1);
    expect(profile.photos[0]).toMatchObject({ main: true, locked: false, blurred: false });
  });

  it("shows the viewer's own profile by their own id", async () => {
    const res = await profileOf(other, other.profileId);
    expect(res.status, res.body).toBe(200);
    expect(res.json<{ profile: MemberProfile }>().profile).toMatchObject({ id: other.profileId, own: true });
  });

  it('labels a fictional profile', async () => {
    const operator = await app.make.operatorProfile({ name: 'Fictiona' });
    const res = await profileOf(viewer, operator.profileId);
    expect(res.status, res.body).toBe(200);
    expect(res.json<{ profile: MemberProfile }>().profile).toMatchObject({
      fictional: true,
      name: 'Fictiona',
    });
  });

  it('marks a locked photo blurred for a free viewer, and not for a premium one', async () => {
    const owner = await member();
    await app.make.photo(owner);
    const locked = await app.make.photo(owner, { main: false });
    await app.db
      .updateTable('photos')
      .set({ locked: 1, position: 1 })
      .where('id', '=', locked.photoId)
      .execute();
    const free = await profileOf(viewer, owner.profileId);
    const photo = free.json<{ profile: MemberProfile }>().profile.photos.find((p) => p.id === locked.photoId);
    expect(photo).toMatchObject({ locked: true, blurred: true, main: false });

    const premium = await member({ gender: 'male', seeking: 'female' });
    await app.make.updateMember(premium, { paid_user: 1 });
    const paid = await profileOf(premium, owner.profileId);
    const seen = paid.json<{ profile: MemberProfile }>().profile.photos.find((p) => p.id === locked.photoId);
    expect(seen).toMatchObject({ locked: true, blurred: false });
  });

  it('answers 404 for an unknown id, another network, an invisible or a private member', async () => {
    expect((await profileOf(viewer, 'nosuchprofile')).status).toBe(404);

    const curvy = await member({ site: DEMO.curvy });
    expect((await profileOf(viewer, curvy.profileId)).status).toBe(404);
    // …and from the other side: the network decides, not the host the id is asked on.
    expect((await profileOf(curvy, viewer.profileId, DEMO.curvy.host)).status).toBe(404);

    const invisible = await member();
    await app.make.updateMember(invisible, { invisible: 1 });
    expect((await profileOf(viewer, invisible.profileId)).status).toBe(404);

    const hidden = await member();
    await app.make.updateMember(hidden, { private: 1 });
    expect((await profileOf(viewer, hidden.profileId)).status).toBe(404);
    // A private member is seen by those they liked.
    await app.make.like(hidden, viewer);
    expect((await profileOf(viewer, hidden.profileId)).status).toBe(200);

    const gone = await member();
    await app.make.updateMember(gone, { status: 'deleted' });
    expect((await profileOf(viewer, gone.profileId)).status).toBe(404);
  });

  it("tells the state of likes and clears the liker's new-like flag when the profile is opened", async () => {
    const liker = await member();
    await app.make.like(liker, viewer);
    /** When the viewer saw the like `from` gave them (null: still new). */
    const seenAt = async (from: Member) =>
      (await app.inspect.row('likes', {
        liker_profile_id: from.profileId,
        liked_profile_id: viewer.profileId,
      }))!.seen_at;
    expect(await seenAt(liker)).toBeNull();
    const res = await profileOf(viewer, liker.profileId);
    expect(res.json<{ profile: MemberProfile }>().profile).toMatchObject({ liked: false, liked_by: true });
    expect(await seenAt(liker)).not.toBeNull();

    // The page clears it too.
    const second = await member();
    await app.make.like(second, viewer);
    const page = await get(viewer, `/members/${second.profileId}`);
    expect(page.status).toBe(200);
    expect(await seenAt(second)).not.toBeNull();
  });
});

describe('blocks', () => {
  let blocker: Member;
  let blocked: Member;
  beforeAll(async () => {
    blocker = await member({ name: 'Blockerina' });
    blocked = await member({ name: 'Blockedo', gender: 'male', seeking: 'female' });
    await app.make.photo(blocker);
    await app.make.photo(blocked);
  });

  it('block, list and unblock round trip', async () => {
    const on = await call(blocker, 'POST', '/api/block.php', { profile: blocked.profileId });
    expect(on.status, on.body).toBe(200);
    expect(on.json()).toEqual({ blocked: true });
    // Twice is the same as once.
    expect((await call(blocker, 'POST', '/api/block.php', { profile: blocked.profileId })).status).toBe(200);

    const list = await get(blocker, '/api/block.php');
    expect(list.status).toBe(200);
    const cards = list.json<{ blocked: Array<{ id: string; name: string; main_image: unknown }> }>().blocked;
    expect(cards.map((c) => c.id)).toEqual([blocked.profileId]);
    expect(cards[0]).toMatchObject({ name: 'Blockedo' });

    // The blocker still opens the profile, marked blocked, to unblock it from there.
    const view = await profileOf(blocker, blocked.profileId);
    expect(view.status, view.body).toBe(200);
    expect(view.json<{ profile: MemberProfile }>().profile.blocked).toBe(true);

    // The blocked member gets 403 `blocked` with the blocker's name, on the API and the pages.
    const refused = await profileOf(blocked, blocker.profileId);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'blocked',
      name: 'Blockerina',
      message: "You're blocked by Blockerina, no access",
    });
    const page = await get(blocked, `/members/${blocker.profileId}`);
    expect(page.status).toBe(403);
    expect(page.body).toContain('Blockerina');
    expect((await get(blocked, `/likes/m/${blocker.profileId}`)).status).toBe(403);
    // In the member's language.
    await app.make.updateMember(blocked, { language: 'de' });
    const german = await app.request(`/api/member.php?id=${blocker.profileId}`, {
      headers: { cookie: `${blocked.cookie}; locale=de` },
    });
    expect(german.json().message).toBe('Du wurdest von Blockerina blockiert, kein Zugriff');

    const off = await call(blocker, 'DELETE', '/api/block.php', { profile: blocked.profileId });
    expect(off.json()).toEqual({ blocked: false });
    expect((await get(blocker, '/api/block.php')).json()).toEqual({ blocked: [] });
    expect((await profileOf(blocked, blocker.profileId)).status).toBe(200);
    expect(
      (await profileOf(blocker, blocked.profileId)).json<{ profile: MemberProfile }>().profile.blocked,
    ).toBe(false);
  });

  it('refuses to block oneself (422) and an unknown or other-network profile (404)', async () => {
    const self = await call(blocker, 'POST', '/api/block.php', { profile: blocker.profileId });
    expect(self.status).toBe(422);
    expect(self.json()).toMatchObject({ error: 'validation', fields: { profile: 'block_self' } });
    expect((await call(blocker, 'POST', '/api/block.php', { profile: 'nosuchprofile' })).status).toBe(404);
    const curvy = await member({ site: DEMO.curvy });
    expect((await call(blocker, 'POST', '/api/block.php', { profile: curvy.profileId })).status).toBe(404);
    expect((await call(blocker, 'POST', '/api/block.php', {})).status).toBe(422);
    expect((await get(null, '/api/block.php')).status).toBe(403);
  });

  it('stores a block of an invisible or private member but shows nothing of them through it', async () => {
    const viewer = await member({ gender: 'male', seeking: 'female' });
    for (const mode of [{ invisible: 1 }, { private: 1 }] as const) {
      const hidden = await member({ name: 'Hiddenblocked' });
      await app.make.photo(hidden);
      await app.make.updateMember(hidden, mode);
      await app.make.updateProfile(hidden, { last_active_at: Date.now() });
      const on = await call(viewer, 'POST', '/api/block.php', { profile: hidden.profileId });
      expect(on.status, on.body).toBe(200);
      expect(await app.inspect.count('blocks', { blocker_profile_id: viewer.profileId })).toBeGreaterThan(0);
      expect((await profileOf(viewer, hidden.profileId)).status, JSON.stringify(mode)).toBe(404);
      expect((await get(viewer, `/members/${hidden.profileId}`)).status).toBe(404);
      const list = await get(viewer, '/api/block.php');
      expect(list.status).toBe(200);
      expect(list.body, JSON.stringify(mode)).not.toContain(hidden.profileId);
      expect(list.body).not.toContain('Hiddenblocked');

      // A hidden member's own block names nobody either: 404 as without it.
      const blocker = await member({ name: 'Hiddenblocker' });
      await app.make.updateMember(blocker, mode);
      await app.make.block(blocker, viewer);
      const refused = await profileOf(viewer, blocker.profileId);
      expect(refused.status, refused.body).toBe(404);
      expect(refused.body).not.toContain('Hiddenblocker');
      const like = await call(viewer, 'POST', '/api/like.php', { profile: blocker.profileId });
      expect(like.status).toBe(404);
      expect(like.body).not.toContain('Hiddenblocker');
      const chat = await call(viewer, 'POST', '/api/chat.php', {
        profile: blocker.profileId,
        type: 'text',
        text: 'Hi',
        client_id: `blocktest-${blocker.profileId}`,
      });
      expect(chat.status).toBe(404);
      expect(chat.body).not.toContain('Hiddenblocker');
    }
  });

  it('shows a blocked member again once they are visible, and a private one who liked the blocker', async () => {
    const viewer = await member({ gender: 'male', seeking: 'female' });
    const shy = await member({ name: 'Shyblocked' });
    await app.make.updateMember(shy, { private: 1 });
    await app.make.like(shy, viewer);
    await call(viewer, 'POST', '/api/block.php', { profile: shy.profileId });
    const list = await get(viewer, '/api/block.php');
    expect(list.json<{ blocked: Array<{ id: string }> }>().blocked.map((c) => c.id)).toEqual([shy.profileId]);
    const view = await profileOf(viewer, shy.profileId);
    expect(view.status, view.body).toBe(200);
    expect(view.json<{ profile: MemberProfile }>().profile.blocked).toBe(true);
  });

  it("keeps one network's blocks out of another's list", async () => {
    const curvy = await member({ site: DEMO.curvy });
    const curvyOther = await member({ site: DEMO.curvy, gender: 'male', seeking: 'female' });
    expect(
      (await call(curvy, 'POST', '/api/block.php', { profile: curvyOther.profileId }, DEMO.curvy.host))
        .status,
    ).toBe(200);
    const list = await get(curvy, '/api/block.php', DEMO.curvy.host);
    expect(list.json<{ blocked: Array<{ id: string }> }>().blocked.map((c) => c.id)).toEqual([
      curvyOther.profileId,
    ]);
    // A block in the curvy network does nothing to what amber's members see of each other.
    expect((await profileOf(blocker, blocked.profileId)).status).toBe(200);
  });

  it('gives settings a blocked-members section (its list comes from GET /api/block.php)', async () => {
    const a = await member();
    const page = await get(a, '/settings');
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="blocked"');
    expect(page.body).toContain('Blocked members');
  });
});

describe('the profile page', () => {
  it('sends a visitor to log in, and a member to the 404 page for an unknown id', async () => {
    const someone = await member();
    const visitor = await get(null, `/members/${someone.profileId}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toMatch(/\/login\?next=/);
    expect((await get(someone, '/members/nosuchprofile')).status).toBe(404);
  });

  it('keeps the landers of a member for visitors', async () => {
    const someone = await member();
    await app.make.photo(someone);
    await app.make.updateProfile(someone, { public_consent: 1 });
    const visitor = await get(null, `/members/${someone.profileId}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toBe(`/members/${someone.profileId}/signup`);
    expect((await get(null, `/members/${someone.profileId}/landing`)).status).toBe(200);
  });

  it('shows a fictional profile with its label and warning', async () => {
    const viewer = await member({ gender: 'male', seeking: 'female' });
    const operator = await app.make.operatorProfile({ name: 'Labelled' });
    const page = await get(viewer, `/members/${operator.profileId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-fictional');
    expect(page.body).toContain('This profile is fictional');
    // The tab, the history and a bookmark name it with the marker too; a member's name stays bare.
    expect(page.body).toContain('<title>Labelled 🎭 (fictional profile) · Amber Hearts</title>');
    const someone = await member({ name: 'Plainname' });
    const plain = await get(viewer, `/members/${someone.profileId}`);
    expect(plain.body).toContain('<title>Plainname · Amber Hearts</title>');
  });
});
