import type { Locale } from '../../i18n/locales.ts';
import type { FooterPage } from './pages.catalog.ts';

/**
 * The footer pages' texts, `content/<locale>/<page>.md`, bundled into the server at build time
 * (the server runs from any folder, so it cannot read them from the source tree).
 */
const TEXTS = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default', eager: true });

/** The text of a page in a locale, or undefined when that file does not exist. */
export function pageText(locale: Locale, page: FooterPage): string | undefined {
  return TEXTS[`./content/${locale}/${page}.md`];
}
