import { createHash } from 'node:crypto';

export type CspHash = `sha256-${string}`;

/** The CSP hash of an inline script or style element's exact text. */
export function cspHash(source: string): CspHash {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}

/** The part of `Astro.csp` this project uses; absent when CSP is off (e.g. in `astro dev`). */
interface CspApi {
  insertScriptHash(hash: CspHash): void;
  insertStyleHash(hash: CspHash): void;
}

/**
 * Allows one inline script or style element by its hash: the CSP then needs no
 * 'unsafe-inline', and anything injected stays blocked.
 */
export function allowInline(csp: CspApi | undefined, kind: 'script' | 'style', source: string): void {
  if (!csp || !source) return;
  if (kind === 'script') csp.insertScriptHash(cspHash(source));
  else csp.insertStyleHash(cspHash(source));
}
