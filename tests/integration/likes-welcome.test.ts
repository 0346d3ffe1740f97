import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import { ACCOUNTS_SERVER, lastMailTo, linkIn, MINUTE, signUp } from './accounts-helpers.ts';
import type { LikesBody } from './likes-support.ts';

/*
 * ARCHITECTURE "Fictional profiles": likes from fictional profiles to new members only where the
 * site enables them (the demo sites do; Kurvenreich here is switched off), always labelled.
 */

const curvyOff = {
  ...(JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'curvy.json'), 'utf8')) as { id: string }),
  fictional_welcome_likes: 0,
};
const app = useServer({ ...ACCOUNTS_SERVER, sites: [curvyOff] });

async function activatedMember(host: string): Promise<Visitor> {
  const visitor = app.visitor(host);
  const { user } = await signUp(visitor);
  const link = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
  const activated = await visitor.get(link.pathAndQuery);
  expect(activated.status).toBe(302);
  expect(activated.headers.location).toContain('/activate/done');
  return visitor;
}

const likesOf = async (visitor: Visitor) => (await visitor.get('/api/likes.php')).json<LikesBody>();

describe('fictional welcome likes', () => {
  it('arrive over the next minutes on a site that enables them, labelled, from fictional profiles only', async () => {
    const fictional = [];
    for (let i = 0; i < 4; i++)
      fictional.push((await app.make.operatorProfile({ name: `Welcomer${i}`, fictional: true })).profileId);
    const unlabelled = await app.make.operatorProfile({ name: 'Staff', fictional: false });
    const real = await app.make.member({ gender: 'female', seeking: 'male' });
    await app.make.photo(real);

    const visitor = await activatedMember(DEMO.amber.host);
    // Not yet due: nothing is shown before its time.
    expect((await likesOf(visitor)).liked_by).toEqual([]);
    expect((await visitor.get('/api/auto-like.php')).status).toBe(204);

    try {
      app.setClock(30 * MINUTE);
      const likes = await likesOf(visitor);
      expect(likes.liked_by).toHaveLength(3);
      for (const like of likes.liked_by) {
        expect(fictional).toContain(like.id);
        expect(like.profile.fictional).toBe(true);
        expect(like.like_new).toBe(true);
      }
      const ids = likes.liked_by.map((l) => l.id);
      expect(ids).not.toContain(unlabelled.profileId);
      expect(ids).not.toContain(real.profileId);
      const modal = await visitor.get('/api/auto-like.php');
      expect(modal.status).toBe(200);
      expect(modal.json()).toMatchObject({ profile: { fictional: true } });
    } finally {
      app.setClock(0);
    }
  });

  it('never arrive on a site that leaves them off', async () => {
    const operator = await app.make.operatorProfile({ network: DEMO.curvy.network, fictional: true });
    await app.make.updateProfile(operator, { body_type: 'fat' });
    const visitor = await activatedMember(DEMO.curvy.host);
    try {
      app.setClock(30 * MINUTE);
      expect((await likesOf(visitor)).liked_by).toEqual([]);
      expect(await app.inspect.count('likes', { liker_profile_id: operator.profileId })).toBe(0);
    } finally {
      app.setClock(0);
    }
  });
});
