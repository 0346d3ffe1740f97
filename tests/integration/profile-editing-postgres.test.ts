import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '../../src/features/profiles/profiles.editing.schemas.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/** The profile editor's write (attributes and interests in one transaction) on PostgreSQL. */
const app = useServer({ database: 'postgres' });

describe('PUT /api/profile.php on PostgreSQL', () => {
  it('saves attributes, location and interests, and replaces the interests', async () => {
    const member = await app.make.loggedIn({ country: 'NL' });
    const send = (body: unknown) =>
      app.request('/api/profile.php', {
        method: 'PUT',
        host: DEMO.amber.host,
        headers: { cookie: member.cookie },
        body,
      });
    const saved = await send({
      body_type: 'normal',
      interests: ['beach', 'music'],
      country: 'BE',
      region: 'VLG',
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json<{ profile: OwnProfile }>().profile).toMatchObject({
      body_type: 'normal',
      country: 'BE',
      region: 'VLG',
    });
    await send({ interests: ['tea'] });
    const read = await app.request('/api/profile.php', { headers: { cookie: member.cookie } });
    expect(read.json<{ profile: OwnProfile }>().profile).toMatchObject({
      interests: ['tea'],
      body_type: 'normal',
    });
    const refused = await send({ country: 'BE', region: 'NH' });
    expect(refused.status).toBe(422);
  });
});
