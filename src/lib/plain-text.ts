/*
 * What a member's text may not hold, for the schemas of every feature (names, chat texts, city,
 * profile text), on both sides. Control characters break what shows a text (a NUL ends a string
 * in PostgreSQL, which refuses it), and the bidi embeddings, overrides and isolates make a text
 * read otherwise than it is stored ("Trojan Source": a name that shows as someone else's, a
 * link that reads backwards). A text with lines keeps its line breaks and tabs.
 */

/** The field code of a 422 for such a text (each feature words it in the member's language). */
export const CONTROL_CHARACTERS = 'control_characters';

/**
 * C0 controls, DEL and C1 controls; U+202A–U+202E (embeddings, overrides) and U+2066–U+2069
 * (isolates); a lone surrogate half (no character at all; paired halves are one code point
 * under the `u` flag and pass).
 */
const SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
/** The same, less tab, line feed and carriage return (a browser's line break may be CR LF). */
const MULTI_LINE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/** Whether `text` holds a character no text field stores (`lines`: a text with lines). */
export function hasControlCharacters(text: string, options: { lines: boolean }): boolean {
  return (options.lines ? MULTI_LINE : SINGLE_LINE).test(text);
}

/** A zod `refine` check: true for a text without such characters. */
export const plainLine = (text: string | null | undefined): boolean =>
  typeof text !== 'string' || !hasControlCharacters(text, { lines: false });

/** A zod `refine` check for a text with lines: tabs and line breaks pass. */
export const plainLines = (text: string | null | undefined): boolean =>
  typeof text !== 'string' || !hasControlCharacters(text, { lines: true });
