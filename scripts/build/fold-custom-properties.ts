import postcss, { type Declaration, type Root, type Rule } from 'postcss';

/*
 * Custom properties replaced by their value where the value is certain, for a stylesheet that
 * is cut to one page (scripts/build/lander-styles.ts). Bootstrap declares a property for nearly
 * every value of a component (`.btn { --bs-btn-font-weight: 600; font-weight:
 * var(--bs-btn-font-weight) }`) so that a variant can override it; on a page whose sheet holds
 * no such override, each one costs its declaration and its `var()` for nothing.
 *
 * A `var(--x)` is replaced by the value of `--x` only where the browser would find that same
 * value, which holds in two cases:
 * - `--x` is declared only in top-level `:root` rules (the last one wins): every element
 *   inherits it unchanged, no rule declaring it elsewhere;
 * - `--x` is declared once, in a top-level rule of one compound selector (`.btn`), and read in a
 *   rule each of whose selectors has that compound in its subject (`.btn:hover`, `.x + .btn`):
 *   the element that reads it is one that declares it.
 * and never when code may set `--x` (a `style` attribute, a script, the brand sheet: `named`), when
 * the value is empty, or when the value reads another property that is not itself replaced (it
 * would be read on another element). A declaration that nothing reads any more goes.
 */

const VAR = 'var(';

/** `var(` calls in a value, with their arguments, outermost first. */
function varCalls(value: string): Array<{ start: number; end: number; name: string }> {
  const calls: Array<{ start: number; end: number; name: string }> = [];
  let from = 0;
  for (;;) {
    const start = value.indexOf(VAR, from);
    if (start < 0) return calls;
    // `var(` inside a longer name (`--my-var(`) is not a call.
    if (start > 0 && /[\w-]/.test(value[start - 1]!)) {
      from = start + VAR.length;
      continue;
    }
    let depth = 0;
    let end = start + VAR.length - 1;
    for (; end < value.length; end++) {
      if (value[end] === '(') depth++;
      else if (value[end] === ')' && --depth === 0) break;
    }
    if (end >= value.length) return calls; // unbalanced: leave it as it is
    const name = /^\s*(--[\w-]+)/.exec(value.slice(start + VAR.length, end))?.[1];
    if (name) calls.push({ start, end: end + 1, name });
    from = end + 1;
  }
}

/** The properties a value reads. */
export function readsOf(value: string): string[] {
  const names: string[] = [];
  for (const call of varCalls(value)) {
    names.push(call.name);
    names.push(...readsOf(value.slice(call.start + VAR.length, call.end - 1)));
  }
  return names;
}

/**
 * A value with each `var()` of a replaced property swapped for the value; `values` is given the
 * call's fallback, if it has one, already substituted.
 */
function substitute(
  value: string,
  values: (name: string, fallback: string | undefined, depth: number) => string | undefined,
  depth = 0,
): string {
  const calls = varCalls(value);
  let out = '';
  let at = 0;
  for (const call of calls) {
    out += value.slice(at, call.start);
    const inner = value.slice(call.start + VAR.length, call.end - 1);
    const comma = inner.indexOf(',');
    const fallback = comma < 0 ? undefined : substitute(inner.slice(comma + 1).trim(), values, depth + 1);
    const replaced = values(call.name, fallback, depth);
    out += replaced ?? `${VAR}${comma < 0 ? inner : `${inner.slice(0, comma)}, ${fallback}`})`;
    at = call.end;
  }
  return out + value.slice(at);
}

const topLevel = (rule: Rule) => rule.parent?.type === 'root';

/**
 * The subject compound of a selector: its last compound, after the last combinator outside
 * brackets, with functional pseudo-classes (`:not(…)`, `:has(…)`) taken out, since what they name
 * need not be on the element.
 */
function subjectCompound(selector: string): string {
  let depth = 0;
  let i = selector.length - 1;
  for (; i >= 0; i--) {
    const c = selector[i]!;
    if (c === ')' || c === ']') depth++;
    else if (c === '(' || c === '[') depth--;
    else if (depth === 0 && /[\s>+~]/.test(c)) break;
  }
  let compound = selector.slice(i + 1);
  for (let prev = ''; prev !== compound;) {
    prev = compound;
    compound = compound.replace(/:[\w-]+\([^()]*\)/g, '');
  }
  return compound;
}

/** The simple selectors of a compound of classes, ids, tags and attributes only (`.a.b`, `p`). */
function simpleParts(compound: string): string[] | undefined {
  const parts = compound.match(/^[a-z][\w-]*|\.[\w-]+|#[\w-]+|\[[^\]]*\]/gi);
  if (!parts || parts.join('') !== compound) return undefined;
  return parts;
}

/** Whether every element a selector matches matches `declaring` (a compound's simple parts). */
function subjectMatches(selector: string, declaring: string[]): boolean {
  const compound = subjectCompound(selector.trim());
  // Pseudo-elements read from the element they belong to, which need not be the subject.
  if (compound.includes('::')) return false;
  const present = new Set(compound.match(/^[a-z][\w-]*|\.[\w-]+|#[\w-]+|\[[^\]]*\]/gi) ?? []);
  return declaring.every((part) => present.has(part));
}

interface Declared {
  decl: Declaration;
  rule: Rule;
}

export function foldCustomProperties(css: string, named: RegExp[]): string {
  const root = postcss.parse(css);
  foldRoot(root, named);
  return root.toString();
}

/**
 * Declarations that a later top-level rule of the same selector overrides on every element:
 * a theme's `:root { --bs-link-color: … }` under the brand sheet's, reboot's `a { color: … }`
 * under the brand's. Only where the later value always applies: a custom property, or a value
 * with a `var()` (parsed as valid in every browser, unlike a colour function that an old one
 * would skip for the earlier value).
 */
function dropOverridden(root: Root): void {
  const later = new Map<string, Rule[]>();
  const rules: Rule[] = [];
  root.each((node) => {
    if (node.type === 'rule') rules.push(node);
  });
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i]!;
    const key = rule.selectors.map((s) => s.trim()).join(',');
    for (const after of later.get(key) ?? []) {
      after.each((over) => {
        if (over.type !== 'decl') return;
        if (!over.prop.startsWith('--') && !over.value.includes(VAR)) return;
        rule.each((decl) => {
          if (decl.type !== 'decl' || decl.prop.toLowerCase() !== over.prop.toLowerCase()) return;
          if (decl.important && !over.important) return;
          decl.remove();
        });
      });
    }
    later.set(key, [...(later.get(key) ?? []), rule]);
  }
}

function foldRoot(root: Root, named: RegExp[]): void {
  const isNamed = (name: string) => named.some((re) => re.test(name));
  dropOverridden(root);
  const declared = new Map<string, Declared[]>();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) return;
    const list = declared.get(decl.prop) ?? [];
    list.push({ decl, rule: decl.parent as Rule });
    declared.set(decl.prop, list);
  });

  /** Properties whose value every element sees: declared in top-level `:root` rules only. */
  const rootValue = new Map<string, string>();
  /** Properties declared once on one compound: the value, for the rules whose subject has it. */
  const ruleValue = new Map<string, { parts: string[]; value: string }>();
  for (const [name, list] of declared) {
    if (isNamed(name)) continue;
    if (list.some(({ decl, rule }) => decl.important || rule.type !== 'rule' || !topLevel(rule))) continue;
    const value = list.at(-1)!.decl.value.trim();
    // A keyword that means something else in another property (`initial` in a custom property
    // is "no value") is never written in its place. An empty value is (`--bs-btn-font-family: ;`):
    // a declaration left with nothing is then `unset`, as the browser computes it.
    if (/^(initial|inherit|unset|revert|revert-layer)$/i.test(value)) continue;
    if (list.every(({ rule }) => rule.selector.trim() === ':root')) {
      rootValue.set(name, value);
      continue;
    }
    if (list.length !== 1) continue;
    const parts = simpleParts(list[0]!.rule.selector.trim());
    if (parts) ruleValue.set(name, { parts, value });
  }

  // A value that reads another property is replaced only once that one is (to a fixed point):
  // otherwise the text `var(--y)` would be read on the element that reads `--x`, not where `--x`
  // is declared.
  const resolvedRoot = new Map<string, string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, value] of rootValue) {
      if (resolvedRoot.has(name)) continue;
      const reads = readsOf(value);
      if (reads.every((read) => resolvedRoot.has(read))) {
        resolvedRoot.set(
          name,
          substitute(value, (n) => resolvedRoot.get(n)),
        );
        changed = true;
      }
    }
  }

  root.walkDecls((decl) => {
    if (!decl.value.includes(VAR)) return;
    const rule = decl.parent;
    const selectors = rule?.type === 'rule' ? (rule as Rule).selectors : [];
    // Within `@keyframes`, `@font-face` and the like, only the `:root` values are certain.
    const inRule =
      rule?.type === 'rule' &&
      !(rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name));
    const local = (name: string, seen: Set<string>): string | undefined => {
      const root = resolvedRoot.get(name);
      if (root !== undefined) return root;
      const own = ruleValue.get(name);
      if (!own || !inRule || seen.has(name)) return undefined;
      if (!selectors.every((selector) => subjectMatches(selector, own.parts))) return undefined;
      // Read on the element that declares it, the value's own `var()`s resolve there as well:
      // those that are certain are replaced, the others stay as they are.
      const next = new Set(seen).add(name);
      return substitute(own.value, (n) => local(n, next));
    };
    const folded = substitute(decl.value, (name) => local(name, new Set()));
    if (folded !== decl.value)
      decl.value = folded.trim() === '' && !decl.prop.startsWith('--') ? 'unset' : folded;
  });

  // A property that nothing declares (the sheet, code) has no value on any element: a `var()`
  // of it with a fallback is the fallback, and one without makes its declaration compute as
  // `unset` (CSS Variables: invalid at computed-value time). Bootstrap's modal parts read the
  // `--bs-modal-*` of a `.modal` around them; the entry warning's parts sit in a `<dialog>`.
  const undeclared = (name: string) => !declared.has(name) && !isNamed(name);
  root.walkDecls((decl) => {
    if (!decl.value.includes(VAR) || decl.prop.startsWith('--')) return;
    let invalid = false;
    const value = substitute(decl.value, (name, fallback, depth) => {
      if (!undeclared(name)) return undefined;
      // Within another call's fallback, which may never be used, it is left as it is.
      if (fallback === undefined && depth === 0) invalid = true;
      return fallback;
    });
    decl.value = invalid ? 'unset' : value;
  });

  // Declarations nothing reads any more (code-named ones stay), to a fixed point.
  for (let removed = true; removed;) {
    removed = false;
    const read = new Set<string>();
    root.walkDecls((decl) => {
      for (const name of readsOf(decl.value)) read.add(name);
    });
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !read.has(decl.prop) && !isNamed(decl.prop)) {
        decl.remove();
        removed = true;
      }
    });
  }
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}
