import { atom } from 'nanostores';
import { api } from '../../lib/api-client.ts';
import { $attention } from '../shell/shell.store.ts';
import type { LikesAnswer } from './likes.schemas.ts';
import type { ProfileCard } from '../profiles/index.ts';

/*
 * Browser state of likes (spec §3 chat store: likes, liked_by, new-likes total). Browser only:
 * pages hand the server's lists to islands as props.
 */

/** The member's likes as last fetched; null until the first answer. */
export const $likes = atom<LikesAnswer | null>(null);

/** A match to celebrate (the card of whom the member now likes both ways); null when none. */
export const $celebration = atom<ProfileCard | null>(null);

/** Spec §9: after the like modal's profile arrives, the likes reload this much later. */
export const LIKES_RELOAD_DELAY_MS = 500;

function take(answer: LikesAnswer): LikesAnswer {
  $likes.set(answer);
  $attention.setKey('newLikes', answer.liked_by.filter((like) => like.like_new).length);
  return answer;
}

/** Seeds the store (and the navigation's badge) from a page's props. */
export function seedLikes(answer: LikesAnswer): void {
  take(answer);
}

/** Fetches the lists again (refresh loop, like modal); the badge follows. */
export async function refreshLikes(): Promise<LikesAnswer> {
  return take(await api('GET /api/likes.php'));
}

/** Likes `card`; a mutual like opens the celebration. Answers whether it is a match. */
export async function likeProfile(card: ProfileCard): Promise<boolean> {
  // Liking twice is liking once (API.md), so a lost answer may be asked again.
  const { match } = await api('POST /api/like.php', { profile: card.id }, { idempotent: true });
  if (match) $celebration.set(card);
  return match;
}

export async function unlikeProfile(profileId: string): Promise<void> {
  await api('DELETE /api/like.php', { profile: profileId });
}

/** Clears the new flag of one liker's like, and the badge with it. */
export async function markSeen(profileId: string): Promise<void> {
  await api('POST /api/like-seen.php', { profile: profileId }, { idempotent: true });
  const likes = $likes.get();
  if (likes)
    take({
      ...likes,
      liked_by: likes.liked_by.map((like) => (like.id === profileId ? { ...like, like_new: false } : like)),
    });
}
