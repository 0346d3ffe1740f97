import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, type AnyMemberRows } from '../../server/privacy-tables.ts';
import { eraseProfileRecords, exportProfileRecords } from './profiles.privacy.repository.ts';

export { memberProfileId } from './profiles.privacy.repository.ts';

/** The variants a photo has in storage: its three stored sizes and the blurred one derived from it. */
function photoFiles(stored: string[]): string[] {
  const files = new Set(stored);
  for (const file of stored)
    if (file.endsWith('-main.webp')) files.add(file.replace(/-main\.webp$/, '-blur.webp'));
  return [...files];
}

/** The member's choices about other profiles; erasure removes both sides of each (see the repository). */
const choices: readonly AnyMemberRows[] = [
  {
    table: 'blocks',
    column: 'blocker_profile_id',
    by: 'profile',
    exportAs: 'blocks',
    select: ['blocked_profile_id', 'created_at'],
  },
];

/** The profile and what hangs on it; likes and swipes are the likes and swipe features' own. */
export const profilesPrivacy: PrivacyHook = {
  owner: 'profiles',
  tables: ['profiles', 'photos', 'profile_interests', 'blocks'],
  async export(db, subject, view) {
    const { network, memberId, profileId } = subject;
    const records = await exportProfileRecords(db, network, memberId, profileId ?? '');
    return {
      profile: readableTimes(records.profile ?? null),
      photos: readableTimes(
        records.photos.map((photo) => ({ ...photo, url: view.mediaUrl(photo.filename) })),
      ),
      interests: records.interests.map((row) => row.interest),
      ...(await exportMemberTables(db, choices, subject)),
    };
  },
  async erase(trx, { network, profileId, now }) {
    if (!profileId) return [];
    return photoFiles(await eraseProfileRecords(trx, network, profileId, now));
  },
};
