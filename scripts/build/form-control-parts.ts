import postcss from 'postcss';

/*
 * Bootstrap's reboot styles the inner parts of form controls: the fields of a date input, the
 * spin buttons of a number, the cancel button of a search field, a colour swatch, a file
 * button. PurgeCSS keeps those rules on every page (a selector of pseudo-elements only names no
 * class or tag), though only an `<input>` of the matching type has such parts. This drops them
 * from a sheet whose markup has no such input.
 */

/** The input types whose inner parts a selector styles (`[type=search]` included). */
const PARTS: Array<[RegExp, string[]]> = [
  [/::-webkit-datetime-edit/, ['date', 'datetime-local', 'month', 'week', 'time']],
  [/::-webkit-inner-spin-button/, ['number', 'date', 'datetime-local', 'month', 'week', 'time']],
  [/::-webkit-search-|^\[type=["']?search["']?\]/, ['search']],
  [/::-webkit-color-swatch/, ['color']],
  [/::file-selector-button/, ['file']],
];
/** An input with a `list` (a datalist): its picker indicator. */
const LIST_PART = /^\[list\][^\s>+~]*::-webkit-calendar-picker-indicator$/;

/** The inputs markup opens: their types, and whether one has a `list`. */
export interface Inputs {
  /** Types written in markup; `undefined` when a type is set by an expression. */
  types: Set<string> | undefined;
  list: boolean;
}

/** The inputs in the text of templates and islands. */
export function inputsIn(texts: string[]): Inputs {
  const types = new Set<string>();
  let unknown = false;
  let list = false;
  for (const text of texts) {
    // An island's attributes may hold arrows (`onChange={(e) => …}`): `=>` does not close the tag.
    for (const [tag] of text.matchAll(/<input\b(?:=>|[^>])*>/g)) {
      const type = /\btype=(?:"([^"]*)"|'([^']*)'|\{\s*['"]([^'"]*)['"]\s*\}|(\{))/.exec(tag);
      // Spread props (`{...props}`) may carry any type.
      if (/\{\s*\.\.\./.test(tag)) unknown = true;
      else if (!type) types.add('text');
      else if (type[4]) unknown = true;
      else types.add((type[1] ?? type[2] ?? type[3])!.toLowerCase());
      if (/\blist=/.test(tag)) list = true;
    }
  }
  return { types: unknown ? undefined : types, list };
}

/** The sheet without the selectors of inner parts of inputs the markup never opens. */
export function dropFormControlParts(css: string, inputs: Inputs): string {
  const root = postcss.parse(css);
  const needed = (selector: string) => {
    const s = selector.trim();
    if (LIST_PART.test(s)) return inputs.list;
    for (const [part, types] of PARTS) {
      if (part.test(s)) return !inputs.types || types.some((type) => inputs.types!.has(type));
    }
    return true;
  };
  root.walkRules((rule) => {
    const kept = rule.selectors.filter(needed);
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  return root.toString();
}
