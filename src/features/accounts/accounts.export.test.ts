import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServer } from '../../app/index.ts';
import { privacy } from '../../app/privacy.list.ts';
import { createMemberProfile } from '../profiles/index.ts';
import { exportData } from './accounts.export.ts';
import { insertAccount } from './accounts.repository.ts';
import { testAccounts, type TestAccounts } from './accounts.test-support.ts';
import type { SessionMember } from './accounts.types.ts';

let t: TestAccounts;
beforeAll(async () => {
  t = await testAccounts();
});
afterAll(async () => {
  await t.close();
});

// The export asks every owner of member data the composition root registers.
composeServer();

describe('the data export', () => {
  it('keeps its document: every part, in reading order, from the owners of the data', async () => {
    const now = t.ctx.clock.now();
    await insertAccount(
      t.ctx.db,
      t.ctx.network,
      {
        id: 'm-export',
        network_id: t.ctx.network,
        site_id: t.ctx.site.id,
        email: 'export@example.org',
        password_hash: '$argon2-fake$secret',
        status: 'active',
        language: 'en',
        created_at: now,
      },
      (trx) =>
        createMemberProfile(trx, t.ctx.network, {
          id: 'p-export',
          memberId: 'm-export',
          siteId: t.ctx.site.id,
          name: 'Exporter',
          gender: 'female',
          seeking: 'male',
          birthdate: '1990-01-01',
          country: 'NL',
          status: 'active',
          createdAt: now,
        }),
    );
    await t.ctx.db
      .insertInto('photos')
      .values({
        id: 'ph1',
        profile_id: 'p-export',
        network_id: t.ctx.network,
        filename: `${t.ctx.network}/ab/k1-main.webp`,
        thumb_filename: `${t.ctx.network}/ab/k1-thumb.webp`,
        match_filename: `${t.ctx.network}/ab/k1-match.webp`,
        status: 'active',
        position: 0,
        created_at: now,
      })
      .execute();
    const member = { id: 'm-export', profileId: 'p-export' } as SessionMember;
    const { data } = await exportData(t.ctx, member);
    // The document keeps the order the privacy list gives; every part owner has filled its part.
    expect(Object.keys(data)).toEqual(['exported_at', 'site', ...privacy.documentOrder]);
    expect(data.account).toMatchObject({ id: 'm-export', email: 'export@example.org' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.profile).toMatchObject({
      id: 'p-export',
      name: 'Exporter',
      created_at: new Date(now).toISOString(),
    });
    expect(data.photos).toEqual([
      expect.objectContaining({
        id: 'ph1',
        url: `https://${t.ctx.site.primaryDomain}${t.ctx.site.cdnPrefix}/media/${t.ctx.network}/ab/k1-main.webp`,
      }),
    ]);
  });
});
