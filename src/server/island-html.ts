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

/** What a component declared, read once: paths split, grouped by the prop they start at. */
interface Declared {
  /** Props left out of the key whole. */
  ignored: ReadonlySet<string>;
  /** Per prop: the paths below it to leave out, and the texts to stand in for. */
  within: ReadonlyMap<string, { ignored: string[][]; texts: string[][] }>;
  /** The texts' paths in their declared order: the order of a template's texts. */
  texts: readonly (readonly string[])[];
}

const byComponent = new WeakMap<object, { root: Level; size: number; declared: Declared }>();
/** Per component; inputs vary by site, locale and the few non-member props. */
const ENTRIES_MAX = 256;

function declaredBy(component: ServerHtmlIgnores): Declared {
  const ignored = new Set<string>();
  const within = new Map<string, { ignored: string[][]; texts: string[][] }>();
  const below = (prop: string) => {
    let entry = within.get(prop);
    if (!entry) {
      entry = { ignored: [], texts: [] };
      within.set(prop, entry);
    }
    return entry;
  };
  for (const path of component.serverHtmlIgnores ?? []) {
    const [prop, ...rest] = path.split('.');
    if (rest.length === 0) ignored.add(prop!);
    else below(prop!).ignored.push(rest);
  }
  const texts = (component.serverHtmlTexts ?? []).map((path) => path.split('.'));
  for (const [prop, ...rest] of texts) {
    if (rest.length === 0) throw new Error(`serverHtmlTexts: ${prop} is a whole prop; name a path into it`);
    below(prop!).texts.push(rest);
  }
  return { ignored, within, texts };
}

/** `value` with the value at `path` replaced (or, for `undefined`, left out); copies only along the path. */
function replacedAt(value: unknown, path: readonly string[], by: (found: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [name, ...rest] = path;
  const record = value as Record<string, unknown>;
  if (!(name! in record)) return value;
  const copy = { ...record };
  if (rest.length === 0) {
    const replacement = by(record[name!]);
    if (replacement === undefined) delete copy[name!];
    else copy[name!] = replacement;
  } else copy[name!] = replacedAt(record[name!], rest, by);
  return copy;
}

/** A prop's value as a key: texts and numbers as they are, objects as JSON. */
function keyOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Whether a text at a declared path stands in: a text that prints something (an empty one is part of the key). */
const standsIn = (value: unknown): value is string => typeof value === 'string' && value !== '';

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
  const tokens = new PageTokens();
  // The props as rendered for a template: each text that prints something, a stand-in.
  const standing: Record<string, unknown> = { ...props };
  for (const path of declared.texts)
    standing[path[0]!] = replacedAt(standing[path[0]!], path.slice(1), (text) =>
      standsIn(text) ? tokens.stand(text) : text,
    );
  const texts = tokens.texts;

  let level = cache.root;
  const path: unknown[] = [prefix];
  for (const name of Object.keys(props)) {
    if (declared.ignored.has(name)) continue;
    let value = standing[name];
    const rules = declared.within.get(name);
    if (rules) for (const ignored of rules.ignored) value = replacedAt(value, ignored, () => undefined);
    path.push(name, keyOf(value));
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
