import { beforeAll, describe, expect, it } from 'vitest';
import type { PhotoStatus } from '../../src/db/database.ts';
import { useServer } from '../support/use-server.ts';

/*
 * Spec §4: a profile lander shared on a messenger or social network previews with the member's
 * main photo, as an absolute URL of the site the link points to, and only while that photo is
 * active (a photo awaiting moderation or rejected never reaches a preview). The page itself stays
 * out of search engines.
 */
const app = useServer({ seedSize: 60 });
/** A public member of the first demo site, as its gallery's like modal links them. */
let member: string | undefined;

beforeAll(async () => {
  const gallery = await app.request('/landers/gallery?t=30');
  member = /\/members\/([a-z0-9]+)"/.exec(gallery.body)?.[1];
});

function meta(html: string, property: string): string | undefined {
  const element = new RegExp(`<meta (?:property|name)="${property.replace(/[.:]/g, '\\$&')}"[^>]*>`).exec(
    html,
  )?.[0];
  return element ? /\bcontent="([^"]*)"/.exec(element)?.[1]?.replace(/&amp;/g, '&') : undefined;
}
const robots = (html: string) =>
  [...html.matchAll(/<meta name="robots" content="([^"]*)"/g)].map((m) => m[1]);

/** Sets the moderation status of a profile's main photo in the server's database. */
async function setMainPhotoStatus(profileId: string, status: PhotoStatus): Promise<string> {
  const photo = (await app.inspect.mainPhotoOf(profileId))!;
  await app.make.setPhotoStatus(photo.id, status);
  return photo.filename;
}

describe('profile landers in link previews', () => {
  it('finds a public member to share', () => {
    expect(member).toBeDefined();
  });

  it('show the member’s active main photo as an absolute URL of the site, and stay noindex', async () => {
    const id = member!;
    const origin = `http://localhost:${app.server.port}`;
    for (const path of [`/members/${id}/landing`, `/members/${id}/landing2`, `/de/members/${id}/signup`]) {
      const res = await app.request(path, { host: '127.0.0.1' });
      expect(res.status, path).toBe(200);
      const image = meta(res.body, 'og:image');
      // The photo the page shows, made absolute on the site's canonical domain (not the Host).
      const shown = /<figure class="profile-photo">\s*<img src="([^"]+)"/.exec(res.body)?.[1];
      expect(shown, path).toBeDefined();
      expect(image, path).toBe(new URL(shown!, origin).href);
      expect(meta(res.body, 'twitter:image'), path).toBe(image);
      expect(meta(res.body, 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(res.body, 'og:image:alt'), path).toBeTruthy();
      expect(robots(res.body).length, path).toBeGreaterThan(0);
      expect(
        robots(res.body).every((r) => r!.includes('noindex')),
        path,
      ).toBe(true);
      expect(res.body, path).not.toContain('rel="canonical"');
    }
    // A preview fetches the image from elsewhere: it must answer on that URL.
    const photo = await app.request(
      new URL(meta((await app.request(`/members/${id}/landing`)).body, 'og:image')!).pathname,
    );
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
  });

  it('never show a main photo that is not active', async () => {
    const id = member!;
    for (const status of ['pending', 'rejected'] as const) {
      const filename = await setMainPhotoStatus(id, status);
      // A query of its own: the route cache keys on it, so no earlier answer stands in.
      const res = await app.request(`/members/${id}/landing?photo=${status}`);
      expect(meta(res.body, 'og:image'), status).toBeUndefined();
      expect(meta(res.body, 'twitter:image'), status).toBeUndefined();
      expect(res.body, status).not.toContain(filename);
    }
    await setMainPhotoStatus(id, 'active');
  });
});
