/**
 * The server HTML of React islands that show nothing of the member, rendered once per input
 * instead of on every uncached page. A settings form seeds the browser's member store from its
 * `user` prop, yet on the server it renders only its labels: the same HTML for every member of a
 * site and locale. React rendering the page's islands was about a tenth of an uncached member
 * page's CPU.
 *
 * An island opts in by naming, in `serverHtmlIgnores`, the props its server render does not
 * read (often none, or the member). Every other prop, and the island's id prefix (React's
 * `useId` ids carry it), is part of the key, so a prop added later is part of it too. A member's
 * data only ever reaches the key when a prop the render does read holds it, and then the entry
 * answers only that same input. `island-html.test.ts` renders each island that opts in with two
 * different members and holds their HTML identical.
 */

import { countingStatements } from './statement-count.ts';

/** What an island component declares to have its server HTML kept. */
export interface ServerHtmlIgnores {
  /** Props whose value never changes the server HTML (`[]`: the HTML depends on all props). */
  serverHtmlIgnores?: readonly string[];
}

/** Below a component: prop name, then its value, then the next prop... down to the HTML. */
type Level = Map<unknown, Level | string>;

const byComponent = new WeakMap<object, { root: Level; size: number }>();
/** Per component; inputs vary by site, locale and the few non-member props. */
const ENTRIES_MAX = 256;

/** A prop's value as a key: texts and numbers as they are, small objects as JSON. */
function keyOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/**
 * The island's server HTML: from the cache when the component opts in and rendered this input
 * before, otherwise `render()` (kept when the component opts in).
 */
export function islandHtml(
  component: unknown,
  props: Record<string, unknown>,
  prefix: string | undefined,
  render: () => string,
): string {
  const ignores = (component as ServerHtmlIgnores | null)?.serverHtmlIgnores;
  if (typeof component !== 'function' || !Array.isArray(ignores)) return render();
  let cache = byComponent.get(component);
  if (!cache) {
    cache = { root: new Map(), size: 0 };
    byComponent.set(component, cache);
  }
  let level = cache.root;
  const path: unknown[] = [prefix];
  for (const name of Object.keys(props)) {
    if (ignores.includes(name)) continue;
    path.push(name, keyOf(props[name]));
  }
  for (let i = 0; i < path.length - 1; i++) {
    let next = level.get(path[i]);
    if (next === undefined) {
      next = new Map();
      level.set(path[i], next);
    }
    if (typeof next === 'string') return render();
    level = next;
  }
  const last = path[path.length - 1];
  const known = level.get(last);
  if (typeof known === 'string') {
    // Kept HTML looks the same as rendered HTML: the counting mode says which one a page got.
    if (countingStatements) process.stdout.write(`island html kept: ${component.name}\n`);
    return known;
  }
  // A longer input of the same component passes through here: not kept, to keep that one.
  if (known !== undefined) return render();
  const html = render();
  if (cache.size >= ENTRIES_MAX) {
    cache.root.clear();
    cache.size = 0;
    return html;
  }
  level.set(last, html);
  cache.size++;
  return html;
}
