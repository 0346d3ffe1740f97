import { atom } from 'nanostores';
import { api } from '../../lib/api-client.ts';
import { $attention } from '../shell/shell.store.ts';
import type { LikedBy, LikesAnswer, LikesList } from './likes.schemas.ts';
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

/** The lists the member has paged beyond their first page since the page loaded. */
const extended = new Set<LikesList>();

type Entry = ProfileCard | LikedBy;

/** `first` followed by the entries of `loaded` it does not hold (by profile id), in their order. */
function joined<T extends Entry>(first: T[], loaded: T[]): T[] {
  const ids = new Set(first.map((entry) => entry.id));
  return [...first, ...loaded.filter((entry) => !ids.has(entry.id))];
}

/**
 * A list fetched again, for a member who had paged it further: the fresh first page, then the
 * entries loaded after the one it ends with, and where they go on. Without that entry among
 * them (more than a page came in meanwhile), the fresh page starts the list over.
 */
function refreshed<T extends Entry>(fresh: T[], freshNext: string | null, old: T[], oldNext: string | null) {
  const last = fresh.at(-1);
  const at = last ? old.findIndex((entry) => entry.id === last.id) : -1;
  if (!freshNext || at < 0) return { entries: fresh, next: freshNext };
  return { entries: joined(fresh, old.slice(at + 1)), next: oldNext };
}

/**
 * Fetches the lists again (refresh loop, like modal); the badge follows. A list the member has
 * paged further keeps the pages loaded after its fresh first page, and where to go on from them.
 */
export async function refreshLikes(): Promise<LikesAnswer> {
  const fresh = await api('GET /api/likes.php');
  const old = $likes.get();
  if (!old || extended.size === 0) return take(fresh);
  const keep = <T extends Entry>(list: LikesList, freshList: T[], oldList: T[]) =>
    extended.has(list)
      ? refreshed(freshList, fresh.next[list], oldList, old.next[list])
      : { entries: freshList, next: fresh.next[list] };
  const profiles = keep('profiles', fresh.profiles, old.profiles);
  const likedBy = keep('liked_by', fresh.liked_by, old.liked_by);
  const matches = keep('matches', fresh.matches, old.matches);
  return take({
    profiles: profiles.entries,
    liked_by: likedBy.entries,
    matches: matches.entries,
    next: { profiles: profiles.next, liked_by: likedBy.next, matches: matches.next },
  });
}

/** Appends the next page of `list` (behind its cursor); nothing when it has no further page. */
export async function loadMoreLikes(list: LikesList): Promise<void> {
  const current = $likes.get();
  const after = current?.next[list];
  if (!current || !after) return;
  const page = await api('GET /api/likes.php', undefined, { query: { list, after } });
  // The lists may have changed while the page loaded (a like back, a refresh).
  const now = $likes.get() ?? current;
  extended.add(list);
  take({
    ...now,
    profiles: list === 'profiles' ? joined(now.profiles, page.profiles) : now.profiles,
    liked_by: list === 'liked_by' ? joined(now.liked_by, page.liked_by) : now.liked_by,
    matches: list === 'matches' ? joined(now.matches, page.matches) : now.matches,
    next: { ...now.next, [list]: page.next[list] },
  });
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
