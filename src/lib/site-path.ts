/*
 * Paths taken from input that must stay on the member's site: a return path carried through the
 * checkout, a redirect's `?next=`. Each caller first refuses the raw text's own tricks (`//host`,
 * backslashes, the characters it cannot carry); the URL parser then has the last word, and what
 * it writes back is the path as browsers will read it (dot segments resolved, escapes applied).
 */

/** A made-up origin to resolve against: a path that stays on it stays on the member's site. */
const BASE = 'https://same-site.invalid';

/**
 * `value` resolved as a path of this site (path, query and fragment, normalised), or null when
 * the URL parser refuses it or it would lead to another origin.
 */
export function resolveSitePath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
