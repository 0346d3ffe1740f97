/*
 * Text written into HTML by the project's own page code (the member-page templates) is escaped
 * exactly as Astro escapes it, so a filled page equals the page Astro renders whole.
 */

const ESCAPABLE = /[&<>'"]/g;

function entityFor(match: string): string {
  switch (match) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case "'":
      return '&#39;';
    default:
      return '&quot;';
  }
}

const ESCAPABLE_BUT_QUOTE = /[&<>']/;

/** Astro's `escapeHTML`: the five characters of HTML markup as entities. */
export function escapeHtml(text: string): string {
  // JSON has a quote in every text and seldom any of the others.
  if (ESCAPABLE_BUT_QUOTE.test(text)) return text.replace(ESCAPABLE, entityFor);
  return text.replaceAll('"', '&quot;');
}

/** Not global: `test` of a global expression moves its `lastIndex`. */
const ANY_ESCAPABLE = /[&<>'"]/;

const REACT_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#x27;',
  '"': '&quot;',
};

/** React's escape of text and attribute values (`escapeTextForBrowser`): its apostrophe differs from Astro's. */
export function escapeHtmlAsReact(text: string): string {
  return ANY_ESCAPABLE.test(text) ? text.replace(ESCAPABLE, (match) => REACT_ENTITIES[match]!) : text;
}
