import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testProfile } from '../../../tests/support/rows.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import type { ServiceContext } from '../../server/context.ts';
import { ownProfile, profileGaps, updateOwnProfile } from './profiles.editing.service.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const NOW = Date.UTC(2026, 10, 23, 12);
const context = (network: string) =>
  ({ db, network, site: { cdnPrefix: '' }, clock: { now: () => NOW } }) as unknown as ServiceContext;

/** An operator-run profile (no account, no site): enough for the profile's own rows. */
async function profile(network: string, id: string): Promise<void> {
  await db
    .insertInto('profiles')
    .values(
      testProfile({
        id,
        network_id: network,
        name: 'Kim',
        birthdate: '1990-11-24',
        last_active_at: NOW,
        created_at: NOW,
        updated_at: NOW,
      }),
    )
    .execute();
}

describe('the "enrich profile" gaps', () => {
  it('names what a profile lacks until it has a photo, interests and own words', async () => {
    await profile('amber', 'p-gaps');
    const ctx = context('amber');
    expect(await profileGaps(ctx, 'p-gaps')).toEqual({ photo: true, interests: true, text: true });
    await updateOwnProfile(ctx, 'p-gaps', { interests: ['tea'], text: 'Hello there' });
    expect(await profileGaps(ctx, 'p-gaps')).toEqual({ photo: true, interests: false, text: false });
    await db
      .insertInto('photos')
      .values({
        id: 'ph-1',
        profile_id: 'p-gaps',
        network_id: 'amber',
        filename: 'a-main.webp',
        thumb_filename: 'a-thumb.webp',
        match_filename: 'a-match.webp',
        status: 'pending',
        position: 0,
        created_at: NOW,
      })
      .execute();
    await db.updateTable('profiles').set({ main_photo_id: 'ph-1' }).where('id', '=', 'p-gaps').execute();
    expect(await profileGaps(ctx, 'p-gaps')).toBeNull();
    // The owner sees the main photo while it waits for review; its status says so.
    expect((await ownProfile(ctx, 'p-gaps')).main_image).toMatchObject({
      thumb_filename: '/media/a-thumb.webp',
      status: 'pending',
    });
  });

  it('keeps to the network: another network neither reads nor writes the profile', async () => {
    await profile('amber', 'p-net');
    const other = context('curvy');
    await expect(ownProfile(other, 'p-net')).rejects.toMatchObject({ code: 'not_found' });
    expect(await profileGaps(other, 'p-net')).toBeNull();
    await expect(updateOwnProfile(other, 'p-net', { interests: ['wine'], text: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await ownProfile(context('amber'), 'p-net')).toMatchObject({ interests: [], text: null, age: 35 });
  });
});

describe('a changed text on a site that reviews texts', () => {
  const reviewing = (mode: 'off' | 'pre' | 'post') =>
    ({
      db,
      network: 'amber',
      site: { id: 'localhost', cdnPrefix: '', textModeration: mode },
      clock: { now: () => NOW },
    }) as unknown as ServiceContext;
  const pending = (id: string) =>
    db
      .selectFrom('text_reviews')
      .select(['mode', 'value', 'previous'])
      .where('profile_id', '=', id)
      .where('status', '=', 'pending')
      .execute();

  it('pre: keeps the old text shown, the newest change waiting; a cleared text withdraws it', async () => {
    await profile('amber', 'p-pre');
    const ctx = reviewing('pre');
    expect(await updateOwnProfile(ctx, 'p-pre', { text: 'First words' }, 'm-pre')).toMatchObject({
      text: null,
      text_pending: 'First words',
    });
    await updateOwnProfile(ctx, 'p-pre', { text: 'Better words' }, 'm-pre');
    expect(await pending('p-pre')).toEqual([{ mode: 'pre', value: 'Better words', previous: null }]);
    expect(await updateOwnProfile(ctx, 'p-pre', { text: null }, 'm-pre')).toMatchObject({
      text: null,
      text_pending: null,
    });
    expect(await pending('p-pre')).toEqual([]);
  });

  it('post: shows the change at once and keeps the text from before the first change', async () => {
    await profile('amber', 'p-post');
    await updateOwnProfile(reviewing('off'), 'p-post', { text: 'Old words' }, 'm-post');
    expect(await pending('p-post')).toEqual([]);
    const ctx = reviewing('post');
    await updateOwnProfile(ctx, 'p-post', { text: 'New words' }, 'm-post');
    const shown = await updateOwnProfile(ctx, 'p-post', { text: 'Newer words' }, 'm-post');
    expect(shown).toMatchObject({ text: 'Newer words', text_pending: null });
    expect(await pending('p-post')).toEqual([{ mode: 'post', value: 'Newer words', previous: 'Old words' }]);
    // The same text again is no new change.
    await updateOwnProfile(ctx, 'p-post', { text: 'Newer words' }, 'm-post');
    expect(await pending('p-post')).toHaveLength(1);
  });
});
