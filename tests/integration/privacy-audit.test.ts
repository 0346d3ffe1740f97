import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/polling.ts';
import { DEMO } from '../support/server.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import { useServer } from '../support/use-server.ts';
import { freshIp } from '../support/visitor.ts';
import {
  ACCOUNTS_SERVER,
  currentUser,
  deleteAccount,
  lastMailTo,
  linkIn,
  signUp,
} from './accounts-helpers.ts';

const app = useServer(ACCOUNTS_SERVER);

let unique = 0;
/** A query that no earlier request had, so no cached copy answers. */
const fresh = () => `fresh=${process.pid}-${++unique}`;

/** A member whom the public pages may show: active, consented, with an active main photo on disk. */
async function publicMember(): Promise<TestMember & TestSession & { files: string[] }> {
  const member = await app.make.loggedIn();
  await app.make.updateProfile(member, { public_consent: 1 });
  const { files } = await app.make.photo(member, { dataDir: app.server.dataDir });
  return { ...member, files };
}

describe('a deleted account, while it can still come back (14 days)', () => {
  it('is shown nowhere: photos, profile pages and lander clips answer 404, and return with it (photos under new names)', async () => {
    const member = await publicMember();
    // A video lander clip showing the member, as the lander media maker leaves it.
    const dir = join(app.server.dataDir, 'media', 'landers', DEMO.amber.id);
    mkdirSync(dir, { recursive: true });
    const hash = Date.now().toString(16).padStart(12, '0').slice(-12);
    const clip = { video: `video-${hash}.webm`, poster: `poster-${hash}.webp` };
    writeFileSync(join(dir, clip.video), 'clip bytes');
    writeFileSync(join(dir, clip.poster), 'poster bytes');
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        ...clip,
        width: 480,
        height: 480,
        createdAt: Date.now(),
        profiles: [member.profileId],
      }),
    );
    const shown = async () => ({
      photos: await Promise.all(member.files.map(async (f) => (await app.request(`/media/${f}`)).status)),
      landing: (await app.request(`/members/${member.profileId}/landing?${fresh()}`)).status,
      video: (await app.request(`/landers/media/${clip.video}`)).status,
      poster: (await app.request(`/landers/media/${clip.poster}`)).status,
    });
    const everywhere = (status: number) => ({
      photos: member.files.map(() => status),
      landing: status,
      video: status,
      poster: status,
    });
    expect(await shown()).toEqual(everywhere(200));

    const browser = app.visitor();
    browser.cookies.set('session', member.token);
    const deleted = await deleteAccount(browser, member.password, 'privacy');
    expect(deleted.status).toBe(200);
    expect(await shown()).toEqual(everywhere(404));
    const gallery = await app.request(`/landers/gallery?${fresh()}`);
    expect(gallery.body).not.toContain(member.profileId);
    // The landers' job takes the clip down, files and all, whether or not anyone asks for it.
    await waitUntil(() => [clip.video, clip.poster, 'manifest.json'].every((f) => !existsSync(join(dir, f))));

    // The files wait for the erasure: the account may come back, with its photos.
    const { token } = linkIn(lastMailTo(app.server, member.email), '/account-deleted');
    const back = await app.visitor().send('POST', '/api/reactivate.php', { token });
    expect(back.status).toBe(200);
    const again = await shown();
    // Back under new names: the old addresses stopped answering for good when the photo stopped
    // being public (no cache can bring them back).
    expect(again.photos).toEqual(member.files.map(() => 404));
    const renamed = await app.db
      .selectFrom('photos')
      .select(['filename', 'thumb_filename', 'match_filename', 'blur_filename', 'blur_thumb_filename'])
      .where('profile_id', '=', member.profileId)
      .executeTakeFirstOrThrow();
    const now = Object.values(renamed).filter((f): f is string => !!f);
    expect(now.some((f) => member.files.includes(f))).toBe(false);
    expect(await Promise.all(now.map(async (f) => (await app.request(`/media/${f}`)).status))).toEqual(
      now.map(() => 200),
    );
    expect(again.landing).toBe(200);
  });
});

describe('spec §2: the site-entry warning', () => {
  it('is for visitors; a logged-in member never gets it', async () => {
    const page = () => `/pages/terms?${fresh()}`;
    const visitor = await app.request(page(), { host: DEMO.rainbow.host });
    expect(visitor.body).toContain('id="entry-warning"');
    const member = await app.make.loggedIn({ site: DEMO.rainbow });
    const logged = await app.request(page(), { host: DEMO.rainbow.host, headers: { cookie: member.cookie } });
    expect(logged.status).toBe(200);
    expect(logged.body).not.toContain('id="entry-warning"');
  });
});

describe('spec §2 and §9: the language switcher', () => {
  /** The locales the page's switcher offers, or [] when it has none. */
  async function offered(host: string, path: string, country: string): Promise<string[]> {
    const response = await app.request(`${path}?${fresh()}`, {
      host,
      headers: { 'x-country-code': country, 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(200);
    const switcher = /<details class="lang-switcher[\s\S]*?<\/details>/.exec(response.body)?.[0] ?? '';
    return [...switcher.matchAll(/hreflang="([a-z]{2})"/g)].map((m) => m[1]!);
  }

  it('offers the languages of the visitor’s country, not all of the site’s', async () => {
    expect(await offered(DEMO.amber.host, '/pages/terms', 'FR')).toEqual(['fr', 'en']);
    expect(await offered(DEMO.amber.host, '/pages/terms', 'CH')).toEqual(['de', 'fr', 'it', 'en']);
    // One language visible: no switcher at all.
    expect(await offered(DEMO.amber.host, '/pages/terms', 'US')).toEqual([]);
    // The page's own language stays in the list when the visitor chose it elsewhere.
    expect(await offered(DEMO.amber.host, '/pl/pages/terms', 'FR')).toEqual(['fr', 'en', 'pl']);
  });
});

describe('spec §2: signing up from a profile', () => {
  it('/members/{id}/signup signs up for that profile, and activation leads on to it', async () => {
    const wanted = await publicMember();
    const page = await app.request(`/members/${wanted.profileId}/signup?${fresh()}`);
    expect(page.status).toBe(200);
    // The modal's settings and the link without script both carry the profile.
    expect(page.body).toContain(`"profile":"${wanted.profileId}"`);
    expect(page.body).toContain(`href="/signup?profile=${wanted.profileId}"`);
    const form = await app.request(`/signup?profile=${wanted.profileId}`);
    expect(form.body).toContain(wanted.profileId);

    const visitor = app.visitor();
    const { user } = await signUp(visitor, { profile: wanted.profileId, signup_message: 'Hello you!' });
    expect(await app.inspect.row('members', { id: user.id })).toMatchObject({
      signup_profile_id: wanted.profileId,
      signup_message: 'Hello you!',
    });
    const { pathAndQuery } = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    const activated = await visitor.get(pathAndQuery);
    expect(activated.status).toBe(302);
    expect(activated.headers.location).toBe(`/activate/done?profile=${wanted.profileId}`);
    expect((await currentUser(visitor))?.status).toBe('active');
    const done = await visitor.get(activated.headers.location!);
    expect(done.body).toContain(`href="/members/${wanted.profileId}"`);
    // Opened in another browser: through the login, then on to the profile.
    const elsewhere = await app.visitor().get(activated.headers.location!);
    expect(elsewhere.body).toContain(
      `href="/login?next=${encodeURIComponent(`/members/${wanted.profileId}`)}"`,
    );
  });
});
