import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '../support/factories.ts';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { lastMailTo, linkIn, signUp } from './accounts-helpers.ts';

/** Rainbow Lane as shipped, but keeping its members to itself. */
const rainbow = {
  ...(JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'rainbow.json'), 'utf8')) as { id: string }),
  member_resell: false,
};
const app = useServer({ sites: [rainbow] });

/** A member every public page of the network could show: consented, active, with a photo. */
async function publicMember(
  site: typeof DEMO.rainbow | typeof DEMO.amber,
  name: string,
): Promise<TestMember> {
  const member = await app.make.member({
    site,
    name,
    gender: 'male',
    seeking: 'male',
    birthdate: '1985-03-02',
  });
  await app.make.photo(member);
  // The most recently active, so every list of a few cards starts with them.
  await app.make.updateProfile(member, { public_consent: 1, last_active_at: Date.now() + 3_600_000 });
  return member;
}

describe('member_resell: false', () => {
  let own: TestMember;
  let sister: TestMember;
  beforeAll(async () => {
    own = await publicMember(DEMO.rainbow, 'Withheldrainbow');
    sister = await publicMember(DEMO.amber, 'Sharedamber');
  });

  /** Every public page that lists members, with a query no cached copy has seen. */
  const listings = (tag: string) => [
    `/landers/gallery?v=${tag}`,
    `/landers/iconslanding?v=${tag}`,
    `/landers/maplanding?v=${tag}`,
    `/signup-matches?v=${tag}`,
  ];

  it("keeps the site's members off the lists of its sister brands", async () => {
    for (const path of listings('sister')) {
      const res = await app.request(path, { host: DEMO.amber.host });
      expect(res.status, path).toBe(200);
      expect(res.body, path).not.toContain('Withheldrainbow');
    }
  });

  it('still shows them on their own site, and lets it show the rest of the network', async () => {
    const gallery = await app.request('/landers/gallery?v=own', { host: DEMO.rainbow.host });
    expect(gallery.body).toContain('Withheldrainbow');
    expect(gallery.body).toContain('Sharedamber');
    const amber = await app.request('/landers/gallery?v=amber', { host: DEMO.amber.host });
    expect(amber.body).toContain('Sharedamber');
  });

  it("answers a sister brand's profile lander of such a member with 404", async () => {
    const there = await app.request(`/members/${own.profileId}/landing`, { host: DEMO.amber.host });
    expect(there.status).toBe(404);
    const home = await app.request(`/members/${own.profileId}/landing`, { host: DEMO.rainbow.host });
    expect(home.status).toBe(200);
    const shared = await app.request(`/members/${sister.profileId}/landing`, { host: DEMO.rainbow.host });
    expect(shared.status).toBe(200);
  });
});

describe('a block of a member withheld from the site', () => {
  it('is stored but shows nothing of them on the sister brand', async () => {
    const withheld = await publicMember(DEMO.rainbow, 'Withheldblocked');
    await app.make.updateProfile(withheld, { last_active_at: Date.now() });
    const viewer = await app.make.loggedIn({
      site: DEMO.amber,
      name: 'Amberblocker',
      gender: 'male',
      seeking: 'male',
    });
    const headers = { cookie: viewer.cookie };
    const on = await app.request('/api/block.php', {
      host: DEMO.amber.host,
      method: 'POST',
      body: { profile: withheld.profileId },
      headers,
    });
    expect(on.status, on.body).toBe(200);
    const view = await app.request(`/api/member.php?id=${withheld.profileId}`, {
      host: DEMO.amber.host,
      headers,
    });
    expect(view.status, view.body).toBe(404);
    const list = await app.request('/api/block.php', { host: DEMO.amber.host, headers });
    expect(list.status).toBe(200);
    expect(list.body).not.toContain(withheld.profileId);
    expect(list.body).not.toContain('Withheldblocked');
  });
});

describe('a member of a site that withholds its members', () => {
  it("cannot like or write to a sister brand's member, who cannot see them back", async () => {
    const withheld = await app.make.loggedIn({
      site: DEMO.rainbow,
      name: 'Rainbowliker',
      gender: 'male',
      seeking: 'male',
    });
    await app.make.photo(withheld);
    await app.make.order(withheld, { credits: 100 });
    await app.make.updateMember(withheld, { paid_user: 1, credits: 100 });
    const sister = await publicMember(DEMO.amber, 'Ambertarget');
    const neighbour = await publicMember(DEMO.rainbow, 'Rainbowtarget');
    const send = (method: string, path: string, body: unknown) =>
      app.request(path, { host: DEMO.rainbow.host, method, body, headers: { cookie: withheld.cookie } });

    const like = await send('POST', '/api/like.php', { profile: sister.profileId });
    expect(like.status, like.body).toBe(403);
    expect(like.json()).toMatchObject({
      error: 'unreachable',
      message: 'This member cannot see your profile, so you cannot like or write to them.',
    });
    const swipe = await send('POST', '/api/swipe.php', { profile: sister.profileId, action: 'like' });
    expect(swipe.status).toBe(403);
    const chat = await send('POST', '/api/chat.php', {
      profile: sister.profileId,
      type: 'text',
      text: 'Hello',
      client_id: `resell-${withheld.profileId}`,
    });
    expect(chat.status, chat.body).toBe(403);
    expect(chat.json()).toMatchObject({ error: 'unreachable' });
    expect(await app.inspect.count('likes', { liker_profile_id: withheld.profileId })).toBe(0);
    expect(await app.inspect.count('messages', { sender_profile_id: withheld.profileId })).toBe(0);
    expect(await app.inspect.count('events', { member_id: sister.memberId })).toBe(0);

    // Nor does the signup form's first message reach them at activation.
    const visitor = app.visitor(DEMO.rainbow.host);
    const { fields, user } = await signUp(visitor, {
      signup_message: 'Hi from Rainbow',
      profile: sister.profileId,
    });
    const link = linkIn(lastMailTo(app.server, fields.email), '/api/activate.php');
    expect((await visitor.get(link.pathAndQuery)).status).toBe(302);
    expect(await app.inspect.count('messages', { sender_profile_id: user.profile.id })).toBe(0);
    expect(await app.inspect.count('events', { member_id: sister.memberId })).toBe(0);

    // A member of their own site sees them: liking and writing there is as ever.
    expect((await send('POST', '/api/like.php', { profile: neighbour.profileId })).status).toBe(200);
    const hello = await send('POST', '/api/chat.php', {
      profile: neighbour.profileId,
      type: 'text',
      text: 'Hello',
      client_id: `resell-own-${withheld.profileId}`,
    });
    expect(hello.status, hello.body).toBe(201);
  });
});
