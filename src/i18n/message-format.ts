/**
 * The message syntax: `{name}` placeholders and ICU-style plural blocks,
 *
 *   {count, plural, one {# member} other {# members}}
 *   {count, plural, =0 {nobody yet} one {# member is on {name}} other {# members are on {name}}}
 *
 * A block picks its branch with `Intl.PluralRules` of the message's locale (Polish needs one, few,
 * many and other; English one and other), an exact `=N` branch winning over the category, and
 * `other` taking any category the block leaves out. Inside a branch `#` prints the number with
 * `Intl.NumberFormat` of the locale. Only this subset of ICU MessageFormat is understood: no
 * `select`, no `offset`, and apostrophes are plain text (French and Italian messages are full of
 * them). Anything else in braces is left as written, so a broken message shows visibly instead of
 * failing the page.
 *
 * Browser code (the island translator) uses this module too: it must not import locale files.
 */

/** Values for a message's placeholders; plural blocks need numbers (numeric strings also work). */
export type MessageVars = Record<string, string | number>;

/** A parsed message: literal text, placeholders, the `#` of a branch, plural blocks. */
export type MessageNode =
  { type: 'text'; value: string } | { type: 'var'; name: string } | { type: 'hash' } | PluralNode;

export interface PluralNode {
  type: 'plural';
  /** The variable whose number picks the branch. */
  name: string;
  /** The block as written, shown when it cannot be resolved. */
  raw: string;
  branches: PluralBranch[];
}

export interface PluralBranch {
  /** A plural category (`one`, `few`, `other`, …) or an exact value (`=0`). */
  selector: string;
  nodes: MessageNode[];
}

export interface ParsedMessage {
  nodes: MessageNode[];
  /** What looks like a plural block or another `{name, …}` argument but cannot be read. */
  errors: string[];
}

const PLAIN = /\{(\w+)\}/y;
const PLURAL_HEAD = /\{\s*(\w+)\s*,\s*plural\s*,/y;
// Any other `{name, …}` is an ICU argument type this formatter does not know (select, number…).
const OTHER_ARGUMENT = /\{\s*(\w+)\s*,\s*(\w*)/y;
const SELECTOR = /\s*(=\d+|[A-Za-z]+)\s*\{/y;
const SPACE = /\s*/y;

function stickyMatch(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** The index just after the `}` that closes the `{` at `open`, or -1 when it never closes. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

type BlockResult = { ok: true; node: PluralNode; end: number } | { ok: false; error: string };

function parsePlural(
  text: string,
  start: number,
  name: string,
  bodyStart: number,
  errors: string[],
): BlockResult {
  const branches: PluralBranch[] = [];
  let at = bodyStart;
  for (;;) {
    at = stickyMatch(SPACE, text, at)![0].length + at;
    if (at >= text.length) return { ok: false, error: `plural {${name}} is not closed` };
    if (text[at] === '}') {
      const end = at + 1;
      return { ok: true, end, node: { type: 'plural', name, raw: text.slice(start, end), branches } };
    }
    const selector = stickyMatch(SELECTOR, text, at);
    if (!selector) {
      return { ok: false, error: `plural {${name}}: expected a branch such as one {…} or other {…}` };
    }
    const open = at + selector[0].length - 1;
    const close = closingBrace(text, open);
    if (close < 0) return { ok: false, error: `plural {${name}}: branch ${selector[1]} is not closed` };
    branches.push({
      selector: selector[1]!,
      nodes: parseNodes(text.slice(open + 1, close - 1), true, errors),
    });
    at = close;
  }
}

function parseNodes(text: string, inBranch: boolean, errors: string[]): MessageNode[] {
  const nodes: MessageNode[] = [];
  let literal = '';
  const flush = () => {
    if (literal) nodes.push({ type: 'text', value: literal });
    literal = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '{') {
      const plain = stickyMatch(PLAIN, text, at);
      if (plain) {
        flush();
        nodes.push({ type: 'var', name: plain[1]! });
        at += plain[0].length;
        continue;
      }
      const head = stickyMatch(PLURAL_HEAD, text, at);
      if (head) {
        // Errors found inside branches only count when the block as a whole is read.
        const inner: string[] = [];
        const block = parsePlural(text, at, head[1]!, at + head[0].length, inner);
        if (block.ok) {
          flush();
          nodes.push(block.node);
          errors.push(...inner);
          at = block.end;
          continue;
        }
        errors.push(block.error);
      } else {
        const other = stickyMatch(OTHER_ARGUMENT, text, at);
        if (other) errors.push(`{${other[1]}, ${other[2]}…} is not supported; use {name} or a plural block`);
      }
    } else if (char === '#' && inBranch) {
      flush();
      nodes.push({ type: 'hash' });
      at++;
      continue;
    }
    literal += char;
    at++;
  }
  flush();
  return nodes;
}

/** Reads a message; never throws, whatever the text (what it cannot read stays literal). */
export function parseMessage(text: string): ParsedMessage {
  const errors: string[] = [];
  return { nodes: parseNodes(text, false, errors), errors };
}

// Intl objects are costly to build and immutable, so one per locale serves every request.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, build: (locale: string) => T): T {
  let value = cache.get(locale);
  if (value === undefined) {
    try {
      value = build(locale);
    } catch {
      // A malformed language tag must not break a page; English rules are the fallback.
      value = build('en');
    }
    cache.set(locale, value);
  }
  return value;
}

function has(vars: MessageVars, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(vars, name);
}

function renderPlural(node: PluralNode, vars: MessageVars, locale: string): string {
  if (!has(vars, node.name)) return node.raw;
  const value: unknown = vars[node.name];
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  let branch: PluralBranch | undefined;
  let hash: string;
  if (Number.isNaN(number)) {
    // Not a number (a caller passed preformatted text): no rule applies, `other` fits best.
    branch = node.branches.find((b) => b.selector === 'other');
    hash = String(value);
  } else {
    const category = cached(pluralRules, locale, (l) => new Intl.PluralRules(l)).select(number);
    branch =
      node.branches.find((b) => b.selector.startsWith('=') && Number(b.selector.slice(1)) === number) ??
      node.branches.find((b) => b.selector === category) ??
      node.branches.find((b) => b.selector === 'other');
    hash = cached(numberFormats, locale, (l) => new Intl.NumberFormat(l)).format(number);
  }
  return branch ? render(branch.nodes, vars, locale, hash) : node.raw;
}

function render(nodes: readonly MessageNode[], vars: MessageVars, locale: string, hash: string): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.value;
    else if (node.type === 'hash') out += hash;
    else if (node.type === 'var') out += has(vars, node.name) ? String(vars[node.name]) : `{${node.name}}`;
    else out += renderPlural(node, vars, locale);
  }
  return out;
}

/**
 * Fills `{name}` placeholders and plural blocks for `locale` (whose plural rules and number
 * format apply). A placeholder or block whose variable is missing stays visible rather than
 * vanishing; without any variables the template comes back as written.
 */
export function format(template: string, vars?: MessageVars, locale: string = 'en'): string {
  if (!vars || !template.includes('{')) return template;
  return render(parsedNodes(template), vars, locale, '#');
}

/**
 * Messages already read, by text. Templates come from the locale files, so the same few are
 * formatted again on every page (a plural hint on every settings page): each is parsed once.
 * Bounded, as any text may be formatted; by hand rather than with `lru-cache`, since islands
 * format messages in the browser too and every byte of their scripts is downloaded.
 */
const parsed = new Map<string, ParsedMessage['nodes']>();
const PARSED_MAX = 2000;

function parsedNodes(template: string): ParsedMessage['nodes'] {
  let nodes = parsed.get(template);
  if (!nodes) {
    nodes = parseMessage(template).nodes;
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(template, nodes);
  }
  return nodes;
}
