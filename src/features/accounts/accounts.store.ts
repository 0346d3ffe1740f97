import { atom } from 'nanostores';
import { api, apiClient } from '../../lib/api-client.ts';
import { clearAttention } from '../shell/shell.store.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { LoginInput, SignupBody, User } from './accounts.schemas.ts';

/*
 * Browser state of the member (spec §3 "Logged-in user"; the attention counts and push state
 * the shell shows are in src/features/shell/shell.store.ts).
 * Browser only: on the server a module-level store would be shared by every request and site,
 * so pages hand the server's view to islands as props and islands seed these stores from them.
 */

/** The logged-in member, or null for a visitor. */
export const $user = atom<User | null>(null);

/** Whether `$user` holds the server's answer yet (a page's props or a fetch). */
export const $userKnown = atom(false);

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
  const { user } = await api('GET /api/user.php');
  setUser(user);
  if (wasLoggedIn && !user) leaveAsVisitor();
  return user;
}

export async function login(input: Pick<LoginInput, 'email' | 'password'>): Promise<User> {
  const { user } = await api('POST /api/user.php', input);
  setUser(user);
  return user;
}

export async function signup(input: SignupBody): Promise<User> {
  const { user } = await api('POST /api/signup.php', input);
  setUser(user);
  return user;
}

/**
 * Ends the session on the server, then returns to the root (spec §4 Auth). A POST: a GET from
 * another site may not end a session (API.md). Ending a session twice ends it once, so the
 * client may retry it.
 */
export async function logout(): Promise<void> {
  try {
    await api('POST /api/logout.php', {}, { idempotent: true });
  } finally {
    leaveAsVisitor();
  }
}

/** Saves the account's language (spec §4 Locale): e-mails go out in it from now on. */
export async function saveLanguage(language: Locale): Promise<void> {
  if (!$user.get()) return;
  const { user } = await api('PUT /api/user.php', { language });
  setUser(user);
}

/**
 * Set once the page leaves on purpose for a page of its own choosing (an erased account's
 * farewell): a call refused in the meantime, now that the session is over, must not send the
 * member to the root instead.
 */
let leaving = false;

/** Forgets the member and goes to the root, where the visitor's own language is picked. */
export function leaveAsVisitor(): void {
  $user.set(null);
  clearAttention();
  if (typeof location !== 'undefined' && !leaving) location.assign('/');
}

/** Forgets the member, whose session the server has ended, and goes to `href`. */
export function leaveEndedSessionFor(href: string): void {
  leaving = true;
  $user.set(null);
  $userKnown.set(true);
  clearAttention();
  location.assign(href);
}

// Spec §8: a 403 `authentication_required` (from anything but user.php) logs the browser out.
apiClient.setAuthenticationRequiredHandler(leaveAsVisitor);
