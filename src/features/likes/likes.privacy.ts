import type { PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, type AnyMemberRows } from '../../server/privacy-tables.ts';
import { eraseLikes } from './likes.repository.ts';

/** Likes given and received (with when the member saw them) go into the member's download. */
const parts: readonly AnyMemberRows[] = [
  {
    table: 'likes',
    column: 'liker_profile_id',
    by: 'profile',
    exportAs: 'likes_given',
    select: ['liked_profile_id', 'created_at'],
    orderBy: 'created_at',
  },
  {
    table: 'likes',
    column: 'liked_profile_id',
    by: 'profile',
    exportAs: 'likes_received',
    select: ['liker_profile_id', 'created_at', 'seen_at'],
    orderBy: 'created_at',
  },
  {
    table: 'like_notices',
    column: 'liker_profile_id',
    by: 'profile',
    exportAs: 'likes_announced',
    select: ['liked_profile_id', 'created_at'],
    orderBy: 'created_at',
  },
  {
    table: 'like_days',
    column: 'profile_id',
    by: 'profile',
    exportAs: 'likes_today',
    select: ['likes', 'swipe_likes', 'day_ends_at'],
    orderBy: 'day_ends_at',
  },
];

/**
 * The likes feature's tables: erasure removes both sides, since a like received also says who
 * someone was interested in, and a gone profile must not show up in anyone's lists. The notices
 * (which of the member's likes their receivers were told of, also after an unlike) and the
 * day's count of likes given go into the download and are erased with the likes.
 */
export const likesPrivacy: PrivacyHook = {
  owner: 'likes',
  tables: ['likes', 'like_notices', 'like_days'],
  export: (db, subject) => exportMemberTables(db, parts, subject),
  async erase(trx, { network, profileId }) {
    if (profileId) await eraseLikes(trx, network, profileId);
  },
};
