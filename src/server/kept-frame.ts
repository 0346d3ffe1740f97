import { cspHash, type CspHash } from './csp.ts';
import {
  cutTemplate,
  fillTemplate,
  KeptPerKey,
  perSite,
  type PageTemplate,
  type PageTokens,
} from './page-template.ts';

/**
 * A layout's frame rendered once per shape and filled in per request. A member page is mostly
 * its layout: the head, the navigation and its islands, the footer, the modals. The frame is the
 * same for every member of a site, locale and route who has the same switches and balance; only
 * the member's texts differ, and those the page-template stand-ins (`PageTokens`) hold. So a
 * layout renders its frame once with stand-ins for the member's texts and a marker in place of
 * each slot, cuts it here, and from then on renders only its slots, the page's own content, and
 * puts them into the frame with the member's texts filled in.
 *
 * Two things of the frame Astro keeps track of per render, and a kept frame is not rendered:
 * - Astro's island scripts (the island element's definition and each directive's) are written
 *   once per page, before the first island that needs them. The frame is rendered before its
 *   slots, so in a page rendered whole they stand in the frame; a kept frame's slots, rendered
 *   alone, write them again (and the style Astro writes with them), and `fillFrame` takes out of
 *   the slots the script and style elements the frame holds.
 * - The CSP hashes of the frame's inline scripts and styles: `hashes`, which the layout inserts
 *   into the page's policy (`Astro.csp`), worked out from the frame's own elements.
 */

/** The start and the end of a slot's marker: control characters no page text holds. */
const MARK_OPEN = '\u0001slot:';
const MARK_CLOSE = '\u0002';

/** The marker that stands in for slot `name` in the render that makes a frame. */
export function slotMarker(name: string): string {
  return `${MARK_OPEN}${name}${MARK_CLOSE}`;
}

/** A frame cut at its slots, each piece cut at the member's texts. */
export interface FrameTemplate {
  /** The slots in the order they stand. */
  readonly slots: readonly string[];
  /** One more than `slots`: the frame before, between and after them. */
  readonly pieces: readonly PageTemplate[];
  /**
   * The frame's script and style elements as written, which its slots need not write again
   * (Astro's island scripts and the style it writes with them).
   */
  readonly elements: readonly string[];
  /** How many island ids (`k0`, `k1`, …) the frame's islands take: its slots' count on from there. */
  readonly islandIds: number;
  /** The CSP hashes of the frame's inline scripts and styles. */
  readonly hashes: { readonly script: readonly CspHash[]; readonly style: readonly CspHash[] };
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
/** An island's id prefix as the project's React renderer writes it (`react-islands.ts`). */
const ISLAND_ID = /<astro-island [^>]*?\bprefix="k(\d+)"/g;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
/** Scripts the browser runs (no `type`, or a JavaScript one); JSON data needs no hash. */
const RUN_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b)[^\s"'>]/i;

/**
 * The frame of `html` (a layout rendered with `tokens`' stand-ins and each of `slots`' markers
 * once, in that order), or null when it cannot be kept: a slot missing or repeated, or a
 * stand-in changed on its way (see `cutTemplate`).
 */
export function cutFrame(html: string, tokens: PageTokens, slots: readonly string[]): FrameTemplate | null {
  const found: { name: string; at: number }[] = [];
  for (const name of slots) {
    const marker = slotMarker(name);
    const at = html.indexOf(marker);
    if (at === -1 || html.indexOf(marker, at + 1) !== -1) return null;
    found.push({ name, at });
  }
  found.sort((a, b) => a.at - b.at);
  const pieces: PageTemplate[] = [];
  let last = 0;
  for (const { name, at } of found) {
    const piece = cutTemplate(html.slice(last, at), tokens, 200, []);
    if (!piece) return null;
    pieces.push(piece);
    last = at + slotMarker(name).length;
  }
  const tail = cutTemplate(html.slice(last), tokens, 200, []);
  if (!tail) return null;
  pieces.push(tail);

  const elements: string[] = [];
  const script: CspHash[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    elements.push(match[0]);
    const attributes = match[1] ?? '';
    if (!/\bsrc\s*=/.test(attributes) && !RUN_TYPE.test(attributes)) script.push(cspHash(match[2] ?? ''));
  }
  const style: CspHash[] = [];
  for (const match of html.matchAll(STYLE)) {
    elements.push(match[0]);
    style.push(cspHash(match[1] ?? ''));
  }
  let islandIds = 0;
  for (const match of html.matchAll(ISLAND_ID)) islandIds = Math.max(islandIds, Number(match[1]) + 1);
  return { slots: found.map((slot) => slot.name), pieces, elements, islandIds, hashes: { script, style } };
}

/**
 * The page of `frame` with `texts` (the member's, in the order of the key's stand-ins) filled in
 * and each slot's HTML put in its place, less the scripts the frame already holds.
 */
export function fillFrame(
  frame: FrameTemplate,
  texts: readonly string[],
  slotHtml: Readonly<Record<string, string>>,
): string {
  let html = fillTemplate(frame.pieces[0]!, texts);
  frame.slots.forEach((name, i) => {
    let slot = slotHtml[name] ?? '';
    // Only a slot with an island holds Astro's scripts and style: skip the scans for the others.
    if (slot.includes('<script') || slot.includes('<style')) {
      for (const element of frame.elements) slot = slot.replace(element, '');
    }
    html += slot + fillTemplate(frame.pieces[i + 1]!, texts);
  });
  return html;
}

/** The kept frames of one site, by key (`KeptPerKey`: bounded, made for a key seen before). */
export class KeptFrames extends KeptPerKey<FrameTemplate> {
  constructor(maxChars?: number, maxSeen?: number) {
    super(
      (frame) => frame.pieces.reduce((size, piece) => size + piece.parts.join('').length, 1),
      maxChars,
      maxSeen,
    );
  }
}

/** The kept frames of one site object (a tenant change starts them anew). */
export const keptFramesOf = perSite(() => new KeptFrames());
