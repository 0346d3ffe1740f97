import { transcode } from 'node:buffer';

/**
 * A rendered page as the UTF-8 bytes the server sends. V8 keeps a text in one byte a character
 * until one character needs more (an ellipsis, the fictional-profile icon), and from then on the
 * whole page is two bytes a character. `TextEncoder` encodes such a page of 40 KB into UTF-8
 * about four times slower than the same page in one byte (0.1 ms against 0.025 ms here), and any
 * English settings page has a few such characters ("Loading…", "🎭"). Copying the page's UTF-16
 * out as it is and converting that with ICU takes a third of the time, with the same bytes; an
 * ASCII page (most landers, the benchmark's bare page) is copied byte for byte as before, so it
 * costs what `TextEncoder` cost it. A text with a lone surrogate, which ICU refuses, goes to
 * `TextEncoder` (it writes U+FFFD in its place, as before).
 */

const encoder = new TextEncoder();

export function pageBytes(html: string): Uint8Array<ArrayBuffer> {
  // One byte a character in UTF-8 is ASCII, whose UTF-8 is its Latin-1.
  if (Buffer.byteLength(html) === html.length) return Buffer.from(html, 'latin1');
  try {
    return transcode(Buffer.from(html, 'ucs2'), 'ucs2', 'utf8');
  } catch {
    return encoder.encode(html);
  }
}
