import { resolveSitePath } from './site-path.ts';

/*
 * Where a member goes back to after buying credits (the conversation that asked for them). The
 * path travels through the checkout in URLs, so anything else than a path on this same site is
 * refused: `//evil.example`, `/\evil.example` (browsers read a backslash as a slash),
 * `https://…`, control characters. The API and the pages both check it.
 */

/** The query parameter that carries the path through `/credits` and the checkout. */
export const RETURN_PARAM = 'return';

/** Longest path carried: a conversation's address is far shorter. */
const MAX_LENGTH = 512;

/**
 * `value` as a same-site path (path, query and fragment, normalised), or null when it is not
 * one. Paths of the API are refused too: a link there is never where a member came from.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const path = resolveSitePath(value);
  if (path === null || /^\/api([/?#]|$)/.test(path)) return null;
  return path;
}

/** `path` with the return path added as a query parameter (unchanged when there is none). */
export function withReturn(path: string, returnPath: string | null | undefined): string {
  const safe = safeReturnPath(returnPath);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}

/** Whether a return path is a conversation (`/chats/{id}`, `/members/{id}/chat`, any locale prefix). */
export function isConversationPath(path: string): boolean {
  return /^(\/[a-z]{2})?\/(chats\/[^/?#]+|members\/[^/?#]+\/chat)\/?([?#]|$)/.test(path);
}
