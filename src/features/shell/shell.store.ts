import { computed, map } from 'nanostores';

/*
 * Browser state the shell shows and several features write (spec §3). Browser only: on the
 * server a module-level store would be shared by every request and site.
 */

/**
 * What asks for the member's attention: unread messages and new likes (spec §3 chat store
 * totals). The chat and likes features write these; the shell shows them in the navigation,
 * the page title and the app badge.
 */
export const $attention = map({ unreadMessages: 0, newLikes: 0 });

/** Unread messages plus new likes: the title prefix and the app badge (spec §2). */
export const $attentionTotal = computed(
  $attention,
  ({ unreadMessages, newLikes }) => unreadMessages + newLikes,
);

/**
 * Spec §3 Push state; the push feature fills it, the refresh loop slows down when subscribed.
 * The rest of spec §3 "Other general state" (payment country, discount codes, time bonus,
 * geolocation) belongs to the credits and search features, which keep it in their own stores.
 */
export const $push = map({ isCapable: false, isSubscribed: false });

/** Forgets what was counted for a member who has left (logout, session ended elsewhere). */
export function clearAttention(): void {
  $attention.set({ unreadMessages: 0, newLikes: 0 });
}
