import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

/*
 * Spec §4: a profile lander shared on a messenger or social network previews with the member's
 * main photo, as an absolute URL of the site the link points to, and only while that photo is
 * active (a photo awaiting moderation or rejected never reaches a preview). The page itself stays
 * out of search engines.
 */
let server: TestServer;
/** A public member of the first demo site, as its gallery's like modal links them. */
let member: string | undefined;

beforeAll(async () => {
  server = await startServer({ seedSize: 60 });
  const gallery = await server.request('/landers/gallery?t=30');
  member = /\/members\/([a-z0-9]+)"/.exec(gallery.body)?.[1];
}, 240_000);
afterAll(async () => {
  await server?.stop();
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
function setMainPhotoStatus(profileId: string, status: 'active' | 'pending' | 'rejected'): string {
  const db = new Database(join(server.dataDir, 'kindred.sqlite'));
  try {
    const photo = db
      .prepare(
        'select ph.id, ph.filename from profiles p join photos ph on ph.id = p.main_photo_id where p.id = ?',
      )
      .get(profileId) as { id: string; filename: string };
    db.prepare('update photos set status = ? where id = ?').run(status, photo.id);
    return photo.filename;
  } finally {
    db.close();
  }
}

describe('profile landers in link previews', () => {
  it('finds a public member to share', () => {
    expect(member).toBeDefined();
  });

  it('show the member’s active main photo as an absolute URL of the site, and stay noindex', async () => {
    const id = member!;
    const origin = `http://localhost:${server.port}`;
    for (const path of [`/members/${id}/landing`, `/members/${id}/landing2`, `/de/members/${id}/signup`]) {
      const res = await server.request(path, { host: '127.0.0.1' });
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
    const photo = await server.request(
      new URL(meta((await server.request(`/members/${id}/landing`)).body, 'og:image')!).pathname,
    );
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
  });

  it('never show a main photo that is not active', async () => {
    const id = member!;
    for (const status of ['pending', 'rejected'] as const) {
      const filename = setMainPhotoStatus(id, status);
      // A query of its own: the route cache keys on it, so no earlier answer stands in.
      const res = await server.request(`/members/${id}/landing?photo=${status}`);
      expect(meta(res.body, 'og:image'), status).toBeUndefined();
      expect(meta(res.body, 'twitter:image'), status).toBeUndefined();
      expect(res.body, status).not.toContain(filename);
    }
    setMainPhotoStatus(id, 'active');
  });
});
