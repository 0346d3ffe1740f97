import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, type AnyMemberRows } from '../../server/privacy-tables.ts';
import { eraseProfileRecords, exportProfileRecords } from './profiles.privacy.repository.ts';

export { memberProfileId } from './profiles.privacy.repository.ts';

/** The member's choices about other profiles; erasure removes both sides of each (see the repository). */
const choices: readonly AnyMemberRows[] = [
  {
    table: 'likes',
    column: 'liker_profile_id',
    by: 'profile',
    exportAs: 'likes_given',
    select: ['liked_profile_id', 'created_at'],
  },
  {
    table: 'likes',
    column: 'liked_profile_id',
    by: 'profile',
    exportAs: 'likes_received',
    select: ['liker_profile_id', 'created_at', 'seen_at'],
  },
  {
    table: 'swipes',
    column: 'profile_id',
    by: 'profile',
    exportAs: 'swipes',
    select: ['target_profile_id', 'action', 'created_at'],
  },
  {
    table: 'blocks',
    column: 'blocker_profile_id',
    by: 'profile',
    exportAs: 'blocks',
    select: ['blocked_profile_id', 'created_at'],
  },
];

/**
 * The profile and what hangs on it (photos excepted: src/features/photos/photos.privacy.ts). Likes, swipes and blocks live here until the likes and swipe
 * features exist; they take their tables (and this part of the hook) with them.
 */
export const profilesPrivacy: PrivacyHook = {
  owner: 'profiles',
  tables: ['profiles', 'profile_interests', 'likes', 'swipes', 'blocks'],
  async export(db, subject) {
    const { network, memberId, profileId } = subject;
    const records = await exportProfileRecords(db, network, memberId, profileId ?? '');
    return {
      profile: readableTimes(records.profile ?? null),
      interests: records.interests.map((row) => row.interest),
      ...(await exportMemberTables(db, choices, subject)),
    };
  },
  async erase(trx, { network, profileId, now }) {
    // Photos and their files are the photos feature's (its hook runs first).
    if (profileId) await eraseProfileRecords(trx, network, profileId, now);
  },
};
