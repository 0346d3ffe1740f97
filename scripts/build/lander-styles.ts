import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import type { AstroIntegration } from 'astro';
import { vitePluginIntegration } from './vite-integration.ts';
import { PurgeCSS } from 'purgecss';
import { foldCustomProperties } from './fold-custom-properties.ts';
import { dropFormControlParts, inputsIn } from './form-control-parts.ts';
import { preprocessCSS, type Plugin, type PreprocessCSSResult, type ResolvedConfig } from 'vite';
import {
  DESIGNS_DIR,
  HOME_ONLY,
  LANDER_SHEETS,
  MEMBER_ONLY,
  ON_DEMAND,
  isHomeSheet,
  landerSheetSource,
  type LanderSheet,
} from '../../src/features/landers/landers.styles.ts';

/*
 * Each lander's inline stylesheet, cut at build to the rules its page uses (the list of landers,
 * their components and safelists: src/features/landers/landers.styles.ts).
 *
 * `virtual:kindred/lander-styles` imports every theme's lean entry once per lander, as
 * `themes/<id>/lander.scss?inline&lander-sheet=<lander>`, and once more per lander with the
 * signup modal's rules added, as a file (`?url&lander-sheet=<lander>&lander-signup`). Vite
 * builds each like any stylesheet; between its Sass compile (`vite:css`) and its minify
 * (`vite:css-post`), this plugin's transform hands the CSS to PurgeCSS with the names that the
 * lander's components use. The Sass of a theme is compiled once (`load`) and every cut starts
 * from that CSS. The server gets the strings and URLs made at build: nothing is cut at request
 * time, and the pages that keep the whole lean entry (footer and error pages) are untouched.
 */

export const LANDER_STYLES_MODULE = 'virtual:kindred/lander-styles';
const QUERY = 'lander-sheet';
const SHEET_ID = /[?&]lander-sheet=([a-z0-9-]+)/;
const WITH_SIGNUP = 'lander-signup';

/** Files whose text names the classes a page renders: templates, islands, browser scripts. */
const SOURCE_EXTENSIONS = ['.astro', '.tsx', '.jsx', '.ts', '.js', '.mjs'];
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.astro', '.js', '.mjs', '/index.ts'];
/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g;
/** Type-only imports bring no markup (`import type { Props } from './SignupModal.tsx'`). */
const TYPE_IMPORT = /\b(?:import|export)\s+type\s[^;]*?from\s*(['"])[^'"\n]+\1/g;
/** `export { X } from '…'`, `export * from '…'`: a module that hands a component on to a template. */
const RE_EXPORT = /\bexport\s+(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n]+)\1/g;

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const bare = specifier.split('?')[0]!;
  let base: string;
  if (bare.startsWith('.')) base = resolve(dirname(from), bare);
  else if (bare.startsWith('/src/')) base = join(root, bare);
  else return undefined; // a package, a virtual module or a glob: not our markup
  for (const suffix of RESOLVE_SUFFIXES) {
    const file = base + suffix;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

type Reach = 'markup' | 'browser' | 'server';

const MARKUP = ['.astro', '.tsx', '.jsx'];

/**
 * How a file is reached, which says whether its text names classes a page renders:
 * - `markup`: a component or island (`.astro`, `.tsx`, `.jsx`);
 * - `browser`: code that runs in the page, imported by an island or through a query (`?url`,
 *   `?worker`, `?inline-script`), with everything it imports;
 * - `server`: any other module a component imports (services, catalogs, barrels). Its words are
 *   not read (a service's identifiers would keep half the sheet), but it is walked for the
 *   components and browser scripts it hands on (e.g. `inline-scripts.ts` re-exporting
 *   `*.inline.ts?inline-script`). A component it imports rather than re-exports is not rendered
 *   (server code renders nothing): it is walked as server code too.
 */

/**
 * The source files a lander renders from: its entries and what they import inside `src/`,
 * without crossing into another lander's design; only markup and browser code are returned.
 */
export function landerSourceFiles(root: string, sheet: LanderSheet, withSignup = false): string[] {
  return walkLander(root, sheet, withSignup).read;
}

/** Every file the walk of a lander reaches, server code included (for the custom properties). */
export function landerReachedFiles(root: string, sheet: LanderSheet, withSignup = false): string[] {
  return walkLander(root, sheet, withSignup).reached;
}

function walkLander(
  root: string,
  sheet: LanderSheet,
  withSignup: boolean,
): { read: string[]; reached: string[] } {
  const source = landerSheetSource(sheet, withSignup);
  const src = join(root, 'src') + sep;
  const designs = join(root, DESIGNS_DIR) + sep;
  const onDemand = new Set(
    ON_DEMAND.map((file) => join(root, file)).filter(
      (file) => !source.entries.some((e) => join(root, e) === file),
    ),
  );
  const skipped = new Set(
    [...MEMBER_ONLY, ...(isHomeSheet(sheet) ? [] : HOME_ONLY)].map((file) => join(root, file)),
  );
  const seen = new Map<string, Set<Reach>>();
  const read = new Set<string>();
  const queue: Array<[string, Reach]> = source.entries.map((entry) => [join(root, entry), 'markup']);
  for (const [entry] of queue) if (!existsSync(entry)) throw new Error(`lander styles: ${entry} is missing`);
  while (queue.length) {
    const [file, reach] = queue.shift()!;
    const reaches = seen.get(file) ?? new Set<Reach>();
    if (reaches.has(reach)) continue;
    reaches.add(reach);
    seen.set(file, reaches);
    if (!SOURCE_EXTENSIONS.includes(extname(file))) continue;
    if (reach !== 'server') read.add(file);
    const text = readFileSync(file, 'utf8').replace(TYPE_IMPORT, '');
    const reExported = new Set([...text.matchAll(RE_EXPORT)].map((m) => m[2]!));
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[2]!;
      const target = resolveImport(root, file, specifier);
      if (!target || !target.startsWith(src)) continue;
      // A design is reached only as its own lander's entry (LanderPage.astro imports all nine).
      if (target.startsWith(designs) && !file.startsWith(designs)) continue;
      // Code loaded on demand links its own sheet (the `signup` sheet); it is its own entry.
      if (onDemand.has(target) || skipped.has(target)) continue;
      let next: Reach;
      // Code on the server renders no component: one it imports is there for a constant
      // (`import { MATCH_MESSAGES } from './MatchCelebration.tsx'`), and only what it re-exports
      // reaches a template. Its imports are still followed, as server code.
      if (MARKUP.includes(extname(target)))
        next = reach === 'server' && !reExported.has(specifier) ? 'server' : 'markup';
      else if (specifier.includes('?')) next = 'browser';
      // What a template imports without a query runs on the server; what an island or a
      // browser script imports runs in the page.
      else if (reach === 'server' || extname(file) === '.astro') next = 'server';
      else next = 'browser';
      if (!seen.get(target)?.has(next)) queue.push([target, next]);
    }
  }
  const code = (file: string) => SOURCE_EXTENSIONS.includes(extname(file)) && !/\.test\.tsx?$/.test(file);
  return { read: [...read].filter(code), reached: [...seen.keys()].filter(code) };
}

/** A word that can be a class name, an id or an attribute in our CSS. */
const WORD = /[A-Za-z0-9_-]+/g;
/** Comments: their words are prose (`// the modal's code`), and their apostrophes would pair up
 * with a quote of the code. `//` only after a space or at a line's start, not in `https://`. */
const COMMENTS = /\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|(^|\s)\/\/[^\n]*/g;
const STRING = /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g;
/**
 * Tags that reach a lander's HTML from text rather than markup (messages and legal texts written
 * with emphasis, lists and links): their reboot rules stay.
 */
const TEXT_TAGS = ['a', 'p', 'strong', 'b', 'em', 'i', 'small', 'br', 'ul', 'ol', 'li', 'span', 'abbr'];

/**
 * What a template, island or script names, for PurgeCSS. Classes and ids are read from string
 * literals only (class attributes, `class:list`, `className`, `classList.add('…')` all hold
 * them in quotes): a word of code (`show`, `code`, `table` as identifiers) is no class. Tags are
 * the elements the markup opens. Attribute selectors are few and cheap: every word counts.
 */
function namesIn(text: string) {
  const code = text.replace(COMMENTS, '$1');
  const literal: string[] = [];
  for (const m of code.matchAll(STRING)) {
    for (const token of (m[1] ?? m[2] ?? m[3])!.split(/\s+/)) {
      // A message key, a path or a URL (`nav.main`, `twitter:card`, `/signup`) is no class list.
      if (/[.:/@]/.test(token)) continue;
      literal.push(...(token.match(WORD) ?? []));
    }
  }
  const tags = [...code.matchAll(/<([a-z][a-z0-9-]*)\b/g)].map((m) => m[1]!);
  const words = code.match(WORD) ?? [];
  return {
    classes: literal,
    ids: literal,
    tags,
    attributes: { names: words, values: words },
    undetermined: [],
  };
}

/**
 * Classes a template builds from a variable (`collage-tile-${i}`, `deck-${action}`): every class
 * that starts with the written part stays, so a new value needs no safelist entry.
 */
export function builtClassPrefixes(text: string): string[] {
  const code = text.replace(COMMENTS, '$1');
  const prefixes = new Set<string>();
  for (const m of code.matchAll(/`([^`]*)`/g)) {
    for (const p of m[1]!.matchAll(/(?:^|[\s'"])([A-Za-z][\w-]*-)\$\{/g)) prefixes.add(p[1]!);
  }
  return [...prefixes];
}

/** Where custom properties may be read or set outside a lander's stylesheets. */
const PROPERTY_SOURCES = ['src', 'themes'];
/**
 * Code only: every stylesheet a lander loads is a cut of the same lean entry (the inline sheet, the
 * signup modal's), which keeps the properties its own rules read; the member entry's stylesheets
 * are never on a lander.
 */
const PROPERTY_EXTENSIONS = ['.astro', '.tsx', '.jsx', '.ts', '.js', '.mjs'];
/** `--name` in code (`style="--x: …"`, `var(--x)`, `setProperty('--x')`) or a built `--name-${…}`. */
const PROPERTY = /--([A-Za-z][\w-]*)(\$\{)?/g;

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, out);
    else if (PROPERTY_EXTENSIONS.includes(extname(entry.name)) && !/\.test\.tsx?$/.test(entry.name))
      out.push(path);
  }
  return out;
}

/** Code that names custom properties on every page: the brand sheet, the themes' code. */
const EVERY_PAGE = ['src/styles/brand.ts'];

/**
 * Custom properties that code names: islands and templates (`var()` in a `style` attribute,
 * scripts that read or set them) and the brand sheet (`src/styles/brand.ts`, which re-declares
 * the `--brand-*` ones). The cut keeps their declarations even where no rule of the lander reads
 * them, and never replaces a `var()` of them by a value; any other property that no kept rule or
 * kept property reads (most of Bootstrap's `:root` and component variables) goes.
 *
 * With `files` (what a lander's walk reaches, server code included), only the code of that page
 * counts, with the brand sheet and the themes: a property that only a member page's or a footer
 * page's code names (`--bs-secondary-color` in the Markdown renderer) is not named on a lander.
 */
export function namedCustomProperties(root: string, files?: string[]): RegExp[] {
  const names = new Set<string>();
  const prefixes = new Set<string>();
  const sources = files
    ? [...files, ...EVERY_PAGE.map((file) => join(root, file)), ...filesUnder(join(root, 'themes'))]
    : PROPERTY_SOURCES.flatMap((dir) => filesUnder(join(root, dir)));
  for (const file of sources) {
    for (const m of readFileSync(file, 'utf8').matchAll(PROPERTY)) {
      // A template literal builds the rest of the name (`--brand-${name}`): keep the prefix.
      (m[2] !== undefined ? prefixes : names).add(m[1]!);
    }
  }
  const escape = (name: string) => name.replace(/[-]/g, '\\-');
  return [
    ...[...names].map((name) => new RegExp(`^--${escape(name)}$`)),
    ...[...prefixes].map((prefix) => new RegExp(`^--${escape(prefix)}`)),
  ];
}

/** The lean entry's CSS with only what the lander's source names, and its safelist. */
export async function purgeLanderCss(
  root: string,
  sheet: LanderSheet,
  css: string,
  withSignup = false,
): Promise<string> {
  const files = landerSourceFiles(root, sheet, withSignup);
  const safelist = landerSheetSource(sheet, withSignup).safelist;
  const built = files.flatMap((file) => builtClassPrefixes(readFileSync(file, 'utf8')));
  const escape = (prefix: string) => prefix.replace(/[-]/g, '\\-');
  const named = namedCustomProperties(root, landerReachedFiles(root, sheet, withSignup));
  const [result] = await new PurgeCSS().purge({
    content: [
      ...files.map((file) => ({ raw: readFileSync(file, 'utf8'), extension: 'kindred' })),
      { raw: TEXT_TAGS.map((tag) => `<${tag}>`).join(''), extension: 'kindred' },
    ],
    extractors: [{ extensions: ['kindred'], extractor: namesIn }],
    css: [{ raw: css }],
    safelist: {
      ...safelist,
      standard: [...safelist.standard, ...built.map((prefix) => new RegExp(`^${escape(prefix)}`))],
      variables: named,
    },
    // A custom property stays when a kept rule, a kept property or the source reads it (above);
    // keyframes stay when a kept rule's `animation` names them; font faces are kept whole.
    variables: true,
    keyframes: true,
    fontFace: false,
  });
  if (!result) throw new Error(`lander styles: PurgeCSS returned nothing for ${sheet}`);
  const inputs = inputsIn(files.map((file) => readFileSync(file, 'utf8')));
  return foldCustomProperties(dropFormControlParts(result.css, inputs), named);
}

function themeIds(root: string): string[] {
  return readdirSync(join(root, 'themes'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'themes', d.name, 'lander.scss')))
    .map((d) => d.name)
    .sort();
}

/** The Vite plugin: the virtual module, the compile once per theme, the cut before the minify. */
export function landerStylesPlugin(): Plugin {
  const resolved = `\0${LANDER_STYLES_MODULE}`;
  let config: ResolvedConfig | undefined;
  const compiled = new Map<string, Promise<PreprocessCSSResult>>();
  return {
    name: 'kindred:lander-styles',
    configResolved(resolvedConfig) {
      config = resolvedConfig;
    },
    watchChange() {
      compiled.clear();
    },
    resolveId: (id) => (id === LANDER_STYLES_MODULE ? resolved : undefined),
    load(id) {
      if (id === resolved) return virtualModule(config!.root);
      // A cut of a theme's entry: the theme's Sass, compiled once for all its cuts. `vite:css`
      // then reads this CSS as the file's text (Sass leaves plain CSS as it is).
      if (!SHEET_ID.test(id) || /[?&]url\b/.test(id)) return undefined;
      const file = id.split('?')[0]!;
      if (!compiled.has(file)) compiled.set(file, preprocessCSS(readFileSync(file, 'utf8'), file, config!));
      return compiled.get(file)!.then((result) => {
        for (const dep of result.deps ?? []) this.addWatchFile(dep);
        return { code: result.code, map: null };
      });
    },
    async transform(code, id) {
      const sheet = SHEET_ID.exec(id)?.[1] as LanderSheet | undefined;
      // `?url` answers a stub that imports the same stylesheet `&transform-only`: that one is cut.
      if (!sheet || /[?&]url\b/.test(id)) return undefined;
      if (!LANDER_SHEETS.includes(sheet)) throw new Error(`lander styles: unknown lander ${sheet}`);
      const withSignup = new RegExp(`[?&]${WITH_SIGNUP}\\b`).test(id);
      const root = config!.root;
      // Rebuilt in dev when a component of the lander changes.
      for (const file of landerSourceFiles(root, sheet, withSignup)) this.addWatchFile(file);
      return { code: await purgeLanderCss(root, sheet, code, withSignup), map: null };
    },
  };
}

/** `{ inline: { [theme]: { [lander]: css } }, signup: { [theme]: { [lander]: url } } }`. */
function virtualModule(root: string): string {
  const imports: string[] = [];
  const inline: string[] = [];
  const signup: string[] = [];
  const local = (specifier: string) => {
    const name = `s${imports.length}`;
    imports.push(`import ${name} from ${JSON.stringify(specifier)};`);
    return name;
  };
  for (const theme of themeIds(root)) {
    const entry = `/themes/${theme}/lander.scss`;
    const sheets = LANDER_SHEETS.map(
      (sheet) => `${JSON.stringify(sheet)}: ${local(`${entry}?inline&${QUERY}=${sheet}`)}`,
    );
    const files = LANDER_SHEETS.map(
      (sheet) => `${JSON.stringify(sheet)}: ${local(`${entry}?url&${QUERY}=${sheet}&${WITH_SIGNUP}`)}`,
    );
    inline.push(`${JSON.stringify(theme)}: { ${sheets.join(', ')} }`);
    signup.push(`${JSON.stringify(theme)}: { ${files.join(', ')} }`);
  }
  return `${imports.join('\n')}\nexport default { inline: { ${inline.join(', ')} }, signup: { ${signup.join(', ')} } };`;
}

/** The same for Astro's build and dev server. */
export function landerStyles(): AstroIntegration {
  return vitePluginIntegration('kindred:lander-styles', landerStylesPlugin);
}
