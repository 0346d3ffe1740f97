import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, memberTablesHook, type AnyMemberRows } from '../../server/privacy-tables.ts';
import { eraseProfileRecords, exportProfileRecords } from './profiles.privacy.repository.ts';

export { memberProfileId } from './profiles.privacy.repository.ts';

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

/**
 * The profile and what hangs on it; photos, likes and swipes are their own features' (see
 * src/server/privacy.list.ts).
 */
export const profilesPrivacy: PrivacyHook = {
  owner: 'profiles',
  tables: ['profiles', 'profile_interests', 'blocks'],
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

/**
 * The member's changed texts under review (text_moderation) and the decisions on them: in the
 * download, and deleted with the member.
 */
export const textReviewsPrivacy: PrivacyHook = memberTablesHook('profiles.text_reviews', [
  {
    table: 'text_reviews',
    column: 'profile_id',
    by: 'profile',
    exportAs: 'text_reviews',
    select: ['field', 'value', 'previous', 'status', 'reason', 'note', 'created_at', 'decided_at'],
    orderBy: 'created_at',
    erase: 'delete',
  },
]);
