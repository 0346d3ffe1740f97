import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';

/** The profile view and blocks on PostgreSQL: the same answers as on SQLite (see profile-view-blocks.test.ts). */
const app = useServer({ database: 'postgres' });

describe('profile view and blocks on PostgreSQL', () => {
  it('shows a profile, blocks it both ways and lists the block', async () => {
    const a = await app.make.loggedIn({ name: 'Pgviewer', gender: 'male', seeking: 'female' });
    const b = await app.make.loggedIn({ name: 'Pgviewed', gender: 'female', seeking: 'male' });
    await app.make.photo(b);
    await app.make.like(b, a);
    const as = (who: typeof a) => ({ headers: { cookie: who.cookie } });

    const view = await app.request(`/api/member.php?id=${b.profileId}`, as(a));
    expect(view.status, view.body).toBe(200);
    expect(view.json<{ profile: Record<string, unknown> }>().profile).toMatchObject({
      name: 'Pgviewed',
      liked_by: true,
      blocked: false,
    });

    const block = await app.request('/api/block.php', {
      ...as(b),
      method: 'POST',
      body: { profile: a.profileId },
    });
    expect(block.json()).toEqual({ blocked: true });
    const refused = await app.request(`/api/member.php?id=${b.profileId}`, as(a));
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'blocked', name: 'Pgviewed' });
    const list = await app.request('/api/block.php', as(b));
    expect(list.json<{ blocked: Array<{ id: string }> }>().blocked.map((c) => c.id)).toEqual([a.profileId]);
    const mine = await app.request(`/api/member.php?id=${a.profileId}`, as(b));
    expect(mine.json<{ profile: Record<string, unknown> }>().profile).toMatchObject({ blocked: true });
  });
});
