import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';

export type CspHash = `sha256-${string}`;

/**
 * Hashes already computed, by source. Inline sources are constants of the build or of a site's
 * configuration (scripts, a theme's or brand's styles), the same for every request: hashing them
 * again on every uncached page would cost throughput for nothing. Bounded, so a source that does
 * vary cannot grow it without limit.
 */
const known = new LRUCache<string, CspHash>({ max: 512 });

/** The CSP hash of an inline script or style element's exact text. */
export function cspHash(source: string): CspHash {
  const cached = known.get(source);
  if (cached) return cached;
  const hash: CspHash = `sha256-${createHash('sha256').update(source).digest('base64')}`;
  known.set(source, hash);
  return hash;
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

/** An inline script as the build made it (an `?inline-script` import). */
export interface InlineScript {
  source: string;
  hash: CspHash;
}

/** Allows one inline script by the hash the build computed from its bytes. */
export function allowInlineScript(csp: CspApi | undefined, script: InlineScript): void {
  csp?.insertScriptHash(script.hash);
}
