import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The demo seed as `./dev start` makes it: its members log in with the README's address pattern
 * and password, and they like each other (matches and unseen likes included), so a demo member
 * opens profiles that already like them.
 */
const app = useServer({ seedSize: 40 });

describe('demo members', () => {
  it('log in with demo+<site>-<n>@example.invalid and the documented password', async () => {
    const visitor = app.visitor(DEMO.amber.host);
    const login = await visitor.send('POST', '/api/user.php', {
      email: 'demo+localhost-1@example.invalid',
      password: 'demo-password-2026',
    });
    expect(login.status, login.body).toBe(200);
    const wrong = await app.visitor(DEMO.amber.host).send('POST', '/api/user.php', {
      email: 'demo+localhost-2@example.invalid',
      password: 'not-the-demo-password',
    });
    expect(wrong.status).toBe(401);
  });

  it('have likes between them: mutual ones and unseen ones', async () => {
    const likes = await app.db.selectFrom('likes').selectAll().execute();
    expect(likes.length).toBeGreaterThan(0);
    const pairs = new Set(likes.map((l) => `${l.liker_profile_id}>${l.liked_profile_id}`));
    expect(likes.some((l) => pairs.has(`${l.liked_profile_id}>${l.liker_profile_id}`))).toBe(true);
    expect(likes.some((l) => l.seen_at === null)).toBe(true);
  });
});
