import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { jpeg, upload } from './photos-helpers.ts';

/*
 * The photo limit on the scale-out database: PostgreSQL locks the profile's row before counting
 * (SQLite's conditional insert is tested in photos.test.ts), so parallel uploads queue and the
 * limit holds exactly.
 */
const app = useServer({ database: 'postgres' });

describe('photo limits on PostgreSQL', () => {
  it('lets exactly 3 of 6 parallel uploads of a free member through, the first one main', async () => {
    const member = await app.make.loggedIn();
    const files = await Promise.all([0, 1, 2, 3, 4, 5].map((seed) => jpeg(seed)));
    const results = await Promise.all(files.map((bytes) => upload(app, member, bytes)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
    expect(await app.inspect.count('photos', { profile_id: member.profileId })).toBe(3);
    const list = await app.request('/api/photos.php', { headers: { cookie: member.cookie } });
    const photos = list.json<{ photos: { main: boolean }[] }>().photos;
    expect(photos.filter((p) => p.main)).toHaveLength(1);
  });

  it('holds 25 for a premium member under parallel uploads', async () => {
    const member = await app.make.loggedIn();
    await app.make.updateMember(member, { paid_user: 1 });
    const files = await Promise.all(Array.from({ length: 30 }, (_, i) => jpeg(50 + i, 16)));
    const results = await Promise.all(files.map((bytes) => upload(app, member, bytes)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(25);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await app.inspect.count('photos', { profile_id: member.profileId })).toBe(25);
  });
});
