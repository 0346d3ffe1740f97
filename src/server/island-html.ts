/**
 * The server HTML of React islands rendered once per input instead of on every uncached page.
 * A settings form seeds the browser's member store from its `user` prop, yet on the server it
 * renders only its labels: the same HTML for every member of a site and locale. The member
 * navigation prints the member's name and photo, and nothing else of the member's own texts:
 * the same HTML but for those two texts. React rendering the page's islands was about a tenth of
 * an uncached member page's CPU.
 *
 * An island opts in by declaring what of its props its server HTML does not depend on:
 * - `serverHtmlIgnores`: props, or paths into them (`user.email`), whose value never changes
 *   the server HTML (often none, or the member);
 * - `serverHtmlTexts`: paths of texts the server HTML only prints, as text or as an attribute's
 *   value (a name, a photo's address), never tests, measures or changes. The island is then
 *   rendered once with stand-ins in their places and cut at them, as a member page's template is
 *   (`page-template.ts`); each request puts its own texts in, escaped as React escapes them. A
 *   stand-in changed on its way leaves a trace, and the island is then rendered on every request.
 *
 * Every other prop and path, and the island's id prefix (React's `useId` ids carry it), is part
 * of the key, so a prop added later is part of it too. A member's data only ever reaches the key
 * when a prop the render does read holds it, and then the entry answers only that same input.
 * `island-html.test.ts` holds the mechanism; each island that opts in has a test that renders
 * it for two members that differ in every ignored prop and text, and holds the kept HTML equal
 * to the render's.
 */

import { escapeHtmlAsReact } from './html-escape.ts';
import { cutTemplate, fillTemplate, PageTokens, type PageTemplate } from './page-template.ts';
import { countingStatements } from './statement-count.ts';

/** What an island component declares to have its server HTML kept. */
export interface ServerHtmlIgnores {
  /** Props, or dotted paths into them, whose value never changes the server HTML (`[]`: none). */
  serverHtmlIgnores?: readonly string[];
  /** Dotted paths of texts that the server HTML only prints (see the file comment). */
  serverHtmlTexts?: readonly string[];
}

/** A kept island: its HTML, or its template and no HTML when it has texts put in per request. */
type Kept = { html: string } | { template: PageTemplate | null };

/** Below a component: prop name, then its value, then the next prop... down to what is kept. */
type Level = Map<unknown, Level | Kept>;

/** Below a prop: what to do with each named member of its value (left out, a text, or rules below). */
type Rules = Map<string, 'ignored' | 'text' | Rules>;

/** What a component declared, read once. */
interface Declared {
  /** Props left out of the key whole. */
  ignored: ReadonlySet<string>;
  /** Per prop: the rules for the paths below it. */
  within: ReadonlyMap<string, Rules>;
  /** The texts' paths in their declared order: the order of a template's texts. */
  texts: readonly (readonly string[])[];
}

const byComponent = new WeakMap<object, { root: Level; size: number; declared: Declared }>();
/** Per component; inputs vary by site, locale and the few non-member props. */
const ENTRIES_MAX = 256;

function declaredBy(component: ServerHtmlIgnores): Declared {
  const ignored = new Set<string>();
  const within = new Map<string, Rules>();
  const place = (path: string, what: 'ignored' | 'text') => {
    const [prop, ...rest] = path.split('.');
    if (rest.length === 0) {
      if (what === 'text') throw new Error(`serverHtmlTexts: ${prop} is a whole prop; name a path into it`);
      ignored.add(prop!);
      return;
    }
    let rules: Rules | undefined = within.get(prop!);
    if (!rules) within.set(prop!, (rules = new Map()));
    for (const name of rest.slice(0, -1)) {
      let below: Rules | 'ignored' | 'text' | undefined = rules.get(name);
      if (!(below instanceof Map)) rules.set(name, (below = new Map()));
      rules = below;
    }
    rules.set(rest.at(-1)!, what);
  };
  for (const path of component.serverHtmlIgnores ?? []) place(path, 'ignored');
  for (const path of component.serverHtmlTexts ?? []) place(path, 'text');
  const texts = (component.serverHtmlTexts ?? []).map((path) => path.split('.'));
  return { ignored, within, texts };
}

/** The value at `path`, or undefined where the path leads nowhere. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const name of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[name];
  }
  return at;
}

/** `value` with the value at `path` replaced; copies only along the path. */
function replacedAt(value: unknown, path: readonly string[], by: (found: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [name, ...rest] = path;
  const record = value as Record<string, unknown>;
  if (!(name! in record)) return value;
  return { ...record, [name!]: rest.length === 0 ? by(record[name!]) : replacedAt(record[name!], rest, by) };
}

/** A prop's value as a key: texts and numbers as they are, objects as JSON. */
function keyOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Whether a text at a declared path stands in: a text that prints something (an empty one is part of the key). */
const standsIn = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A prop with rules below it as a key, written in one walk without copies: JSON, but for the
 * members left out and a mark (a control character JSON never writes raw) for each standing text.
 */
function keyWith(value: unknown, rules: Rules): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return JSON.stringify(value) ?? '~';
  let key = '{';
  for (const [name, member] of Object.entries(value)) {
    const rule = rules.get(name);
    if (rule === 'ignored') continue;
    key += `${JSON.stringify(name)}:`;
    if (rule === 'text') key += standsIn(member) ? '\u0001' : (JSON.stringify(member) ?? '~');
    else if (rule) key += keyWith(member, rule);
    else key += JSON.stringify(member) ?? '~';
    key += ',';
  }
  return `${key}}`;
}

/**
 * The island's server HTML: kept when the component opts in and rendered this input before,
 * otherwise `render(props)` (kept when the component opts in).
 */
export function islandHtml(
  component: unknown,
  props: Record<string, unknown>,
  prefix: string | undefined,
  render: (props: Record<string, unknown>) => string,
): string {
  const declares = component as ServerHtmlIgnores | null;
  if (
    typeof component !== 'function' ||
    (!Array.isArray(declares?.serverHtmlIgnores) && !Array.isArray(declares?.serverHtmlTexts))
  )
    return render(props);
  let cache = byComponent.get(component);
  if (!cache) {
    cache = { root: new Map(), size: 0, declared: declaredBy(declares!) };
    byComponent.set(component, cache);
  }
  const { declared } = cache;
  // The texts that print something, in their declared order; each template has one shape of them.
  const texts: string[] = [];
  for (const path of declared.texts) {
    const text = valueAt(props, path);
    if (standsIn(text)) texts.push(text);
  }

  let level = cache.root;
  const path: unknown[] = [prefix];
  for (const name of Object.keys(props)) {
    if (declared.ignored.has(name)) continue;
    const rules = declared.within.get(name);
    path.push(name, rules ? keyWith(props[name], rules) : keyOf(props[name]));
  }
  for (let i = 0; i < path.length - 1; i++) {
    let next = level.get(path[i]);
    if (next === undefined) {
      next = new Map();
      level.set(path[i], next);
    }
    if (!(next instanceof Map)) return render(props);
    level = next;
  }
  const last = path[path.length - 1];
  const known = level.get(last);
  if (known !== undefined && !(known instanceof Map)) {
    // Kept HTML looks the same as rendered HTML: the counting mode says which one a page got.
    if (countingStatements) process.stdout.write(`island html kept: ${component.name}\n`);
    if ('html' in known) return known.html;
    return known.template ? fillTemplate(known.template, texts, escapeHtmlAsReact) : render(props);
  }
  // A longer input of the same component passes through here: not kept, to keep that one.
  if (known !== undefined) return render(props);
  let kept: Kept;
  let html: string;
  if (texts.length === 0) {
    html = render(props);
    kept = { html };
  } else {
    // The props as rendered for the template: each text that prints something, a stand-in.
    const tokens = new PageTokens();
    let standing = props;
    for (const path of declared.texts)
      standing = replacedAt(standing, path, (text) =>
        standsIn(text) ? tokens.stand(text) : text,
      ) as typeof props;
    const template = cutTemplate(render(standing), tokens, 200, []);
    kept = { template };
    html = template ? fillTemplate(template, texts, escapeHtmlAsReact) : render(props);
  }
  if (cache.size >= ENTRIES_MAX) {
    cache.root.clear();
    cache.size = 0;
    return html;
  }
  level.set(last, kept);
  cache.size++;
  return html;
}
