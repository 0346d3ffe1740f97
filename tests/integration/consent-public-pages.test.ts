import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';

/*
 * Consent to public pages (../shared/API.md "Safety and moderation": `PUT /api/account.php
 * { public_profile }`): off by default; on, the member may appear on the site's public pages;
 * off again, they are gone from the next answer at once, the pages this process keeps in its
 * route cache included, and a shared cache in front keeps a page at most 60 s.
 */
const app = useServer();

async function consentingCandidate(name: string) {
  const member = await app.make.loggedIn({
    name,
    gender: 'female',
    seeking: 'male',
    birthdate: '1990-04-04',
  });
  await app.make.photo(member);
  // The most recently active, so a grid of a few cards starts with her.
  await app.make.updateProfile(member, { last_active_at: Date.now() + 3_600_000 });
  return member;
}

describe('consent to public pages', () => {
  it('is off by default, and the member is on no public page', async () => {
    const member = await consentingCandidate('Offina');
    const user = await app.request('/api/user.php', { headers: { cookie: member.cookie } });
    expect(user.json<{ user: { public_profile: boolean } }>().user.public_profile).toBe(false);
    expect((await app.request(`/members/${member.profileId}/landing2`)).status).toBe(404);
    expect((await app.request('/landers/gallery?v=off')).body).not.toContain('Offina');
  });

  it('on: the member appears on landers; off: gone at once, cached pages included', async () => {
    const member = await consentingCandidate('Consentina');
    const lander = `/members/${member.profileId}/landing2`;
    const gallery = '/landers/gallery?v=consent';
    expect((await app.request(lander)).status).toBe(404);

    const on = await app.request('/api/account.php', {
      method: 'PUT',
      headers: { cookie: member.cookie },
      body: { public_profile: true },
    });
    expect(on.status).toBe(200);
    expect(on.json<{ user: { public_profile: boolean } }>().user.public_profile).toBe(true);
    // Shown, and kept by the route cache for the next visitor (the second answer is the same page).
    for (let i = 0; i < 2; i++) {
      const page = await app.request(lander);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Consentina');
      const maxAge = Number(/s-maxage=(\d+)/.exec(String(page.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(60);
      expect((await app.request(gallery)).body).toContain('alt="Photo of Consentina"');
    }

    const off = await app.request('/api/account.php', {
      method: 'PUT',
      headers: { cookie: member.cookie },
      body: { public_profile: false },
    });
    expect(off.json<{ user: { public_profile: boolean } }>().user.public_profile).toBe(false);
    expect((await app.request(lander)).status).toBe(404);
    expect((await app.request(gallery)).body).not.toContain('Consentina');
  });

  it('refuses a consent that is no boolean', async () => {
    const member = await app.make.loggedIn();
    const bad = await app.request('/api/account.php', {
      method: 'PUT',
      headers: { cookie: member.cookie },
      body: { public_profile: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json<{ fields: Record<string, string> }>().fields.public_profile).toBe('invalid');
  });
});
