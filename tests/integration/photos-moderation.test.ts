import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { jpeg, mediaPath, upload } from './photos-helpers.ts';

/** Amber Hearts as shipped, but reviewing every new photo before others see it. */
const amber = {
  ...(JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'localhost.json'), 'utf8')) as { id: string }),
  photo_moderation: 'pre',
};
const app = useServer({ sites: [amber] });

describe('photo_moderation: pre', () => {
  it('keeps a new photo pending, shown to its owner only, until the operator approves it', async () => {
    const owner = await app.make.loggedIn();
    const viewer = await app.make.loggedIn();
    const res = await upload(app, owner, await jpeg(7));
    expect(res.status).toBe(201);
    const photo = res.body.photo as { id: string; filename: string; status: string; main: boolean };
    // Main at once (the first photo), but others see it only once it is active.
    expect(photo).toMatchObject({ status: 'pending', main: true });
    const get = (cookie?: string) =>
      app.request(mediaPath(photo.filename), cookie ? { headers: { cookie } } : {});
    expect((await get(owner.cookie)).status).toBe(200);
    expect((await get(viewer.cookie)).status).toBe(404);
    expect((await get()).status).toBe(404);

    await app.make.setPhotoStatus(photo.id, 'active');
    expect((await get(viewer.cookie)).status).toBe(200);
    const open = await get();
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=3600, s-maxage=60');
  });
});
