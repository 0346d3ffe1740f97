import type { PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables } from '../../server/privacy-tables.ts';
import { eraseSwipes } from './swipe.repository.ts';

/**
 * The swipe game's decisions. The download holds the member's own (others' passes on them are
 * those members' choices); erasure removes both, so no trace of the profile stays in a deck.
 */
export const swipePrivacy: PrivacyHook = {
  owner: 'swipe',
  tables: ['swipes'],
  export: (db, subject) =>
    exportMemberTables(
      db,
      [
        {
          table: 'swipes',
          column: 'profile_id',
          by: 'profile',
          exportAs: 'swipes',
          select: ['target_profile_id', 'action', 'created_at'],
          orderBy: 'created_at',
        },
      ],
      subject,
    ),
  async erase(trx, { network, profileId }) {
    if (profileId) await eraseSwipes(trx, network, profileId);
  },
};
