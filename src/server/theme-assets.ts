import { cspHash, type CspHash } from './csp.ts';

/**
 * The compiled stylesheets of every theme, built by Vite from Sass. Each theme has a lean entry
 * for landers and footer pages and a full one for the member area.
 *
 * The lean entry is inlined into the page: a visitor from an ad sees one page, and a stylesheet
 * file costs their phone a round trip before anything paints (Lighthouse measured 0.6 s of its
 * 1.4 s first paint). The member entry, large and shared by every page of a visit, stays a
 * cacheable file.
 */
const landerStyles = import.meta.glob('/themes/*/lander.scss', {
  query: '?inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const memberSheets = import.meta.glob('/themes/*/member.scss', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export type ThemeEntry = 'lander' | 'member';

export interface InlineStyles {
  css: string;
  /** Its CSP hash, computed once: hashing ~100 KB on every request would cost throughput. */
  hash: CspHash;
}

const inlineCache = new Map<string, InlineStyles>();

/** The lean entry's CSS, to put in a `<style>` element allowed by `hash`. */
export function themeInlineStyles(themeId: string): InlineStyles | undefined {
  const cached = inlineCache.get(themeId);
  if (cached) return cached;
  const css = landerStyles[`/themes/${themeId}/lander.scss`];
  if (css === undefined) return undefined;
  const styles = { css, hash: cspHash(css) };
  inlineCache.set(themeId, styles);
  return styles;
}

/** The member entry's stylesheet URL. */
export function themeStylesheet(themeId: string): string | undefined {
  return memberSheets[`/themes/${themeId}/member.scss`];
}
