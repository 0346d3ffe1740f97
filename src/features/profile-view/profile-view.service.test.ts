import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProfile } from '../../../tests/support/rows.ts';
import { testAccounts, testSite, type TestAccounts } from '../accounts/accounts.test-support.ts';
import { memberProfile } from './profile-view.service.ts';

/*
 * The site's settings decide what a profile view shows: `visible_profile_fields` picks the
 * fields and `visible_profile_notes` the member's own words. (Over HTTP:
 * tests/integration/profile-view-blocks.test.ts.)
 */
let unit: TestAccounts;
const VIEWER = { profileId: 'viewer00000000', premium: false };
const OTHER = 'other000000000';

beforeAll(async () => {
  unit = await testAccounts();
  const now = unit.ctx.clock.now();
  await unit.ctx.db
    .insertInto('profiles')
    .values(
      testProfile({
        id: OTHER,
        network_id: unit.ctx.network,
        name: 'Rosalind',
        fictional: 1,
        hair_color: 'red',
        eye_color: 'blue',
        text: 'About Rosalind',
        last_active_at: now,
        created_at: now,
        updated_at: now,
      }),
    )
    .execute();
});

afterAll(async () => {
  await unit?.close();
});

describe('memberProfile', () => {
  it('shows every field the member filled and their own words by default', async () => {
    const profile = await memberProfile(unit.ctx, VIEWER, OTHER);
    expect(profile.attributes).toEqual({ gender: 'female', hair_color: 'red', eye_color: 'blue' });
    expect(profile.text).toBe('About Rosalind');
    expect(profile).toMatchObject({ fictional: true, own: false, blocked: false, photos: [] });
    // No active photo yet: the neutral picture.
    expect(profile.main_image.filename).toBe('/no-photo.svg');
  });

  it("keeps to the site's visible_profile_fields and visible_profile_notes", async () => {
    const site = testSite({ visible_profile_fields: ['hair_color'], visible_profile_notes: false });
    const profile = await memberProfile(unit.with({ site }), VIEWER, OTHER);
    expect(profile.attributes).toEqual({ hair_color: 'red' });
    expect(profile.text).toBeNull();
  });
});
