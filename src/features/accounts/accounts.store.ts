import { atom, computed, map } from 'nanostores';
import { api } from '../../lib/api-client.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { LoginInput, SignupInput, User, UserResponse } from './accounts.schemas.ts';

/*
 * Browser state of the member (spec §3 "Logged-in user", "Push state", "Other general state").
 * Browser only: on the server a module-level store would be shared by every request and site,
 * so pages hand the server's view to islands as props and islands seed these stores from them.
 */

/** The logged-in member, or null for a visitor. */
export const $user = atom<User | null>(null);

/** Whether `$user` holds the server's answer yet (a page's props or a fetch). */
export const $userKnown = atom(false);

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
 * geolocation) belongs to the credits and search features, which add it beside this.
 */
export const $push = map({ isCapable: false, isSubscribed: false });

/**
 * Takes the server's view of the member from a page's props. Several islands on one page pass
 * the same user; the first one seeds the store and later ones leave newer data alone.
 */
export function seedUser(user: User | null): void {
  if ($userKnown.get()) return;
  $user.set(user);
  $userKnown.set(true);
}

/** Replaces the member with a fresh answer of the server. */
export function setUser(user: User | null): void {
  $user.set(user);
  $userKnown.set(true);
}

/**
 * Fetches the member again (refresh loop, after an action elsewhere). A member whose session
 * ended elsewhere (deleted, password changed on another device) is logged out here as well.
 */
export async function refreshUser(): Promise<User | null> {
  const wasLoggedIn = $user.get() !== null;
  const { user } = await api.get<UserResponse>('/api/user.php');
  setUser(user);
  if (wasLoggedIn && !user) leaveAsVisitor();
  return user;
}

export async function login(input: Pick<LoginInput, 'email' | 'password'>): Promise<User> {
  const { user } = await api.post<{ user: User }>('/api/user.php', input);
  setUser(user);
  return user;
}

export async function signup(input: Partial<Record<keyof SignupInput, string>>): Promise<User> {
  const { user } = await api.post<{ user: User }>('/api/signup.php', input);
  setUser(user);
  return user;
}

/** Ends the session on the server, then returns to the root (spec §4 Auth). */
export async function logout(): Promise<void> {
  try {
    await api.get('/api/logout.php');
  } finally {
    leaveAsVisitor();
  }
}

/** Saves the account's language (spec §4 Locale): e-mails go out in it from now on. */
export async function saveLanguage(language: Locale): Promise<void> {
  if (!$user.get()) return;
  const { user } = await api.put<{ user: User }>('/api/user.php', { language });
  setUser(user);
}

/** Forgets the member and goes to the root, where the visitor's own language is picked. */
export function leaveAsVisitor(): void {
  $user.set(null);
  $attention.set({ unreadMessages: 0, newLikes: 0 });
  if (typeof location !== 'undefined') location.assign('/');
}

// Spec §8: a 403 `authentication_required` (from anything but user.php) logs the browser out.
api.setAuthenticationRequiredHandler(leaveAsVisitor);
