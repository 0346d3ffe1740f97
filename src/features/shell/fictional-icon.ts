/**
 * The fictional-profile marker as a drawing. Sites name their marker with `fictional_icon` (an
 * emoji such as 🎭 or ✨), but an emoji needs an emoji font, and a phone or desktop without one
 * shows an empty box where the one label that may never be missing should be. So the configured
 * marker picks a drawing, and the page draws it itself; a marker without a drawing of its own
 * gets the masks.
 */

/** One shape on a 24-unit grid, filled even-odd (so an outline with holes is one path). */
export interface FictionalIconShape {
  path: string;
}

// Theatre masks: the outline of a mask with its eyes and smile.
const MASKS =
  'M4 3h16v7a8 8 0 0 1-16 0V3Zm2 2v5a6 6 0 0 0 12 0V5H6Zm2 3h3v2H8V8Zm5 0h3v2h-3V8Zm-4.5 5h7a3.5 3.5 0 0 1-7 0Z';
// Sparkles: a large four-pointed star and a small one.
const SPARKLES =
  'M10 2l2 6 6 2-6 2-2 6-2-6-6-2 6-2 2-6Zm9 12l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1 1-2.5Z';
// A star, for the marker most sites that want "something else" reach for.
const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5Z';

const SHAPES: Readonly<Record<string, string>> = {
  '🎭': MASKS,
  '✨': SPARKLES,
  '⭐': STAR,
  '★': STAR,
  '*': STAR,
};

/** The drawing for a site's configured marker (its `fictional_icon`). */
export function fictionalIconShape(icon: string): FictionalIconShape {
  // Emoji may carry a variation selector (U+FE0F) after them; it changes nothing here.
  const key = icon.replace(/\uFE0F/g, '').trim();
  return { path: SHAPES[key] ?? MASKS };
}

/**
 * A sentence that names the marker (`{icon} marks a fictional profile`), cut where the marker
 * goes so a page can draw it there: the parts before, between and after each marker.
 */
export const ICON_SLOT = '\uE000';
export function splitAtIcon(text: string): string[] {
  return text.split(ICON_SLOT);
}
