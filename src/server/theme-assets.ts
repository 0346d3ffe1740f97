import landerSheets from 'virtual:kindred/lander-styles';
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

/**
 * The lean entry's CSS, to put in a `<style>` element allowed by `hash`; with `sheet`, only the
 * rules of that lander (cut at build, scripts/build/lander-styles.ts).
 */
export function themeInlineStyles(themeId: string, sheet?: string): InlineStyles | undefined {
  const key = sheet ? `${themeId}|${sheet}` : themeId;
  const cached = inlineCache.get(key);
  if (cached) return cached;
  const css = sheet ? landerSheets.inline[themeId]?.[sheet] : landerStyles[`/themes/${themeId}/lander.scss`];
  if (css === undefined) return undefined;
  const styles = { css, hash: cspHash(css) };
  inlineCache.set(key, styles);
  return styles;
}

/** The member entry's stylesheet URL. */
export function themeStylesheet(themeId: string): string | undefined {
  return memberSheets[`/themes/${themeId}/member.scss`];
}

/**
 * The signup modal's stylesheet on a page whose inline sheet is cut to a lander: the same cut with
 * the modal's rules added, which the modal links when a visitor opens it.
 */
export function themeSignupStylesheet(themeId: string, sheet: string): string | undefined {
  return landerSheets.signup[themeId]?.[sheet];
}
