/**
 * Consistency check of the message files against English, the source language.
 *
 * Every locale must have exactly the English keys, no empty values, the same `{placeholders}`
 * (same names, same number of times) and a text of its own: a value identical to English means a
 * string nobody translated, unless an allow-list entry says why English is right there. Plural
 * blocks (`{count, plural, one {…} other {…}}`, see message-format.ts) must be readable, have an
 * `other` branch, use only the categories the locale's `Intl.PluralRules` knows, and name the
 * same placeholders in every branch; a translation may use a plural block where English has a
 * plain `{count}` (and the other way round) as long as the names match.
 * `scripts/check-i18n.ts` runs this on `src/i18n/locales/*.json`; the function itself takes plain
 * objects so tests can feed it small fake message sets.
 */

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMessage, type MessageNode, type PluralNode } from './message-format.ts';

/** A message file as parsed from JSON; nothing about its shape is trusted. */
export type MessageFile = unknown;

/** A key whose English text is also correct in (some) other locales. */
export interface SameAsEnglish {
  /** An exact key, or a prefix followed by `.*` (`lang.*`). */
  key: string;
  /** The locales where the English text is right; omitted means every locale. */
  locales?: readonly string[];
  /** Why the English text stays: required so the list cannot grow silently. */
  reason: string;
}

export interface CheckOptions {
  /** The source locale the others are compared with; `en` unless told. */
  source?: string;
  /** Keys allowed to be identical to the source text. */
  allowSame?: readonly SameAsEnglish[];
  /** The plural categories a locale has; `Intl.PluralRules` unless told. */
  pluralCategories?: (locale: string) => readonly string[];
}

export interface CheckResult {
  /** One line per problem, `<locale>.json: <problem>`; empty when all is well. */
  problems: string[];
  /** How many locales were checked, the source included. */
  locales: number;
  /** How many keys the source has. */
  keys: number;
}

function otherBranch(node: PluralNode): MessageNode[] {
  return (node.branches.find((b) => b.selector === 'other') ?? node.branches[0])?.nodes ?? [];
}

function collectPlaceholders(nodes: readonly MessageNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === 'var') out.push(`{${node.name}}`);
    else if (node.type === 'plural') out.push(`{${node.name}}`, ...collectPlaceholders(otherBranch(node)));
  }
  return out;
}

/**
 * The placeholders of a message, sorted, repeated as often as they occur. A plural block counts
 * as its variable once plus the placeholders of its `other` branch: the branches are
 * alternatives, and {@link syntaxProblems} makes them name the same placeholders.
 */
export function placeholders(text: string): string[] {
  return collectPlaceholders(parseMessage(text).nodes).sort();
}

/** The plural categories of a locale's cardinal numbers (`one`, `few`, `many`, `other`, …). */
export function intlPluralCategories(locale: string): readonly string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

const EXACT = /^=\d+$/;

function pluralNodes(nodes: readonly MessageNode[]): PluralNode[] {
  const out: PluralNode[] = [];
  for (const node of nodes) {
    if (node.type !== 'plural') continue;
    out.push(node);
    for (const branch of node.branches) out.push(...pluralNodes(branch.nodes));
  }
  return out;
}

/**
 * What is wrong with a message's syntax for `locale`: braces that look like an argument but are
 * not readable, and plural blocks without `other`, with a repeated branch, with a category the
 * language does not have (it would never be chosen) or with branches that name different
 * placeholders (a count that would drop the site's name). An exact branch (`=0`) may leave
 * placeholders out, but not bring new ones.
 */
export function syntaxProblems(text: string, locale: string, categories: readonly string[]): string[] {
  const { nodes, errors } = parseMessage(text);
  const problems = [...errors];
  for (const block of pluralNodes(nodes)) {
    const label = `plural {${block.name}}`;
    const seen = new Set<string>();
    for (const { selector } of block.branches) {
      if (seen.has(selector)) problems.push(`${label} repeats the branch ${selector}`);
      seen.add(selector);
      if (!EXACT.test(selector) && !categories.includes(selector)) {
        problems.push(
          `${label}: ${selector} is not a plural category of ${locale} (${categories.join(' ')})`,
        );
      }
    }
    if (!seen.has('other')) {
      problems.push(`${label} has no other branch`);
      continue;
    }
    const expected = collectPlaceholders(otherBranch(block)).sort();
    for (const branch of block.branches) {
      if (branch.selector === 'other') continue;
      const actual = collectPlaceholders(branch.nodes).sort();
      const differs = EXACT.test(branch.selector)
        ? actual.some((name) => !expected.includes(name))
        : actual.join(' ') !== expected.join(' ');
      if (differs) {
        problems.push(
          `${label}: branch ${branch.selector} names ${describe(actual)}, other names ${describe(expected)}`,
        );
      }
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyMatches(pattern: string, key: string): boolean {
  return pattern.endsWith('.*') ? key.startsWith(pattern.slice(0, -1)) : pattern === key;
}

function allowedSame(allow: readonly SameAsEnglish[], locale: string, key: string): boolean {
  return allow.some(
    (entry) => keyMatches(entry.key, key) && (entry.locales === undefined || entry.locales.includes(locale)),
  );
}

function describe(list: readonly string[]): string {
  return list.length === 0 ? '(none)' : list.join(' ');
}

/**
 * Checks every locale against the source. `files` maps a locale to its parsed file; a locale
 * whose file could not be read or parsed can be passed as an `Error` to report it.
 */
export function checkMessages(
  files: Readonly<Record<string, MessageFile | Error>>,
  options: CheckOptions = {},
): CheckResult {
  const source = options.source ?? 'en';
  const allow = options.allowSame ?? [];
  const categoriesOf = options.pluralCategories ?? intlPluralCategories;
  const problems: string[] = [];
  const locales = Object.keys(files).sort();
  const syntax = (name: string, locale: string, key: string, value: string) => {
    for (const problem of syntaxProblems(value, locale, categoriesOf(locale))) {
      problems.push(`${name}: bad syntax in ${key}: ${problem}`);
    }
  };

  for (const entry of allow) {
    if (entry.reason.trim() === '') problems.push(`allow-list: ${entry.key} has no reason`);
  }

  const sourceFile = files[source];
  if (sourceFile instanceof Error) {
    problems.push(`${source}.json: ${sourceFile.message}`);
    return { problems, locales: locales.length, keys: 0 };
  }
  if (!isRecord(sourceFile)) {
    problems.push(`${source}.json: ${sourceFile === undefined ? 'file missing' : 'not a JSON object'}`);
    return { problems, locales: locales.length, keys: 0 };
  }

  const sourceKeys = Object.keys(sourceFile);
  const english = new Map<string, string>();
  for (const key of sourceKeys) {
    const value = sourceFile[key];
    if (typeof value !== 'string') problems.push(`${source}.json: not a string ${key}`);
    else if (value.trim() === '') problems.push(`${source}.json: empty value ${key}`);
    else {
      english.set(key, value);
      syntax(`${source}.json`, source, key, value);
    }
  }

  for (const entry of allow) {
    if (!sourceKeys.some((key) => keyMatches(entry.key, key))) {
      problems.push(`allow-list: ${entry.key} matches no key of ${source}.json`);
    }
  }

  for (const locale of locales) {
    if (locale === source) continue;
    const file = files[locale];
    const name = `${locale}.json`;
    if (file instanceof Error) {
      problems.push(`${name}: ${file.message}`);
      continue;
    }
    if (!isRecord(file)) {
      problems.push(`${name}: not a JSON object`);
      continue;
    }
    for (const key of sourceKeys) {
      if (!Object.prototype.hasOwnProperty.call(file, key)) {
        problems.push(`${name}: missing key ${key}`);
        continue;
      }
      const value = file[key];
      if (typeof value !== 'string') {
        problems.push(`${name}: not a string ${key}`);
        continue;
      }
      if (value.trim() === '') {
        problems.push(`${name}: empty value ${key}`);
        continue;
      }
      syntax(name, locale, key, value);
      const text = english.get(key);
      if (text === undefined) continue;
      const expected = placeholders(text);
      const actual = placeholders(value);
      if (expected.join(' ') !== actual.join(' ')) {
        problems.push(`${name}: placeholders differ in ${key}: ${describe(expected)} vs ${describe(actual)}`);
      }
      if (value.trim() === text.trim() && !allowedSame(allow, locale, key)) {
        problems.push(`${name}: not translated (same as English) ${key}`);
      }
    }
    for (const key of Object.keys(file)) {
      if (!Object.prototype.hasOwnProperty.call(sourceFile, key)) problems.push(`${name}: extra key ${key}`);
    }
  }

  return { problems, locales: locales.length, keys: sourceKeys.length };
}

/**
 * Reads `<locale>.json` for each locale from the directory `dir`; a file that is missing or not
 * valid JSON comes back as an `Error` for {@link checkMessages} to report.
 */
export async function loadMessageFiles(
  dir: string,
  locales: readonly string[],
): Promise<Record<string, MessageFile | Error>> {
  const files: Record<string, MessageFile | Error> = {};
  for (const locale of locales) {
    let text: string;
    try {
      text = await readFile(join(dir, `${locale}.json`), 'utf8');
    } catch {
      files[locale] = new Error('file missing');
      continue;
    }
    try {
      files[locale] = JSON.parse(text) as unknown;
    } catch (error) {
      files[locale] = new Error(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return files;
}

/**
 * Long texts (the footer pages) live in one Markdown file per locale and page rather than in the
 * message files. Each is checked against its English original: it exists, is not empty, is
 * translated, names only placeholders the renderer fills, names the same ones as English (a
 * translation may reorder or repeat them, never drop one), keeps English's heading outline (no
 * section left out), and has no stray brace, which would reach visitors as a raw `{…}`.
 */
export interface PageTextOptions {
  /** The source locale; `en` unless told. */
  source?: string;
  /** The pages every locale must have, by file name without `.md`. */
  pages: readonly string[];
  /** Every placeholder name a page text may use. */
  variables: readonly string[];
  /** The heading depths of a text, in order (1 for `#`, 2 for `##`, …). */
  outline: (text: string) => number[];
}

export interface PageTextResult {
  problems: string[];
  locales: number;
  pages: number;
}

const PAGE_PLACEHOLDER = /\{([a-z_]+)\}/g;

function pagePlaceholders(text: string): Set<string> {
  return new Set([...text.matchAll(PAGE_PLACEHOLDER)].map((m) => m[1]!));
}

function describeOutline(depths: readonly number[]): string {
  return depths.length === 0 ? 'no headings' : depths.map((d) => '#'.repeat(d)).join(' ');
}

/** Checks `texts[locale][page]` (a file's text, or an Error when it could not be read). */
export function checkPageTexts(
  texts: Readonly<Record<string, Readonly<Record<string, string | Error>>>>,
  options: PageTextOptions,
): PageTextResult {
  const source = options.source ?? 'en';
  const known = new Set(options.variables);
  const problems: string[] = [];
  const locales = Object.keys(texts).sort();
  const english = texts[source] ?? {};

  for (const locale of locales) {
    const files = texts[locale]!;
    for (const page of options.pages) {
      const name = `${locale}/${page}.md`;
      const text = files[page];
      if (text === undefined) {
        problems.push(`${name}: file missing`);
        continue;
      }
      if (text instanceof Error) {
        problems.push(`${name}: ${text.message}`);
        continue;
      }
      if (text.trim() === '') {
        problems.push(`${name}: empty`);
        continue;
      }
      const used = pagePlaceholders(text);
      for (const variable of used) {
        if (!known.has(variable)) problems.push(`${name}: unknown placeholder {${variable}}`);
      }
      const stray = text.replace(PAGE_PLACEHOLDER, '').match(/[{}]/g);
      if (stray) problems.push(`${name}: stray brace (${stray.length}); placeholders look like {site_name}`);
      if (/<\/?[a-z!][^>]*>/i.test(text))
        problems.push(`${name}: contains HTML, which is not rendered; use Markdown`);

      const original = english[page];
      if (locale === source || typeof original !== 'string') continue;
      if (text.trim() === original.trim()) problems.push(`${name}: not translated (same as English)`);
      const expected = pagePlaceholders(original);
      const missing = [...expected].filter((v) => !used.has(v)).sort();
      const extra = [...used].filter((v) => !expected.has(v) && known.has(v)).sort();
      if (missing.length)
        problems.push(`${name}: placeholders of English missing: ${missing.map((v) => `{${v}}`).join(' ')}`);
      if (extra.length)
        problems.push(`${name}: placeholders English does not use: ${extra.map((v) => `{${v}}`).join(' ')}`);
      const outline = options.outline(text);
      const englishOutline = options.outline(original);
      if (outline.join() !== englishOutline.join()) {
        problems.push(
          `${name}: headings differ from English: ${describeOutline(outline)} vs ${describeOutline(englishOutline)}`,
        );
      }
    }
    for (const page of Object.keys(files).sort()) {
      if (!options.pages.includes(page)) problems.push(`${locale}/${page}.md: not a known page`);
    }
  }
  return { problems, locales: locales.length, pages: options.pages.length };
}

/**
 * Reads `<dir>/<locale>/*.md` for each locale: every Markdown file found, by name without `.md`.
 * A locale folder that is missing reads as no files (each page is then reported missing).
 */
export async function loadPageTexts(
  dir: string,
  locales: readonly string[],
): Promise<Record<string, Record<string, string | Error>>> {
  const texts: Record<string, Record<string, string | Error>> = {};
  for (const locale of locales) {
    const files: Record<string, string | Error> = {};
    let names: string[] = [];
    try {
      names = (await readdir(join(dir, locale))).filter((n) => n.endsWith('.md'));
    } catch {
      names = [];
    }
    for (const file of names) {
      try {
        files[file.slice(0, -3)] = await readFile(join(dir, locale, file), 'utf8');
      } catch (error) {
        files[file.slice(0, -3)] = error instanceof Error ? error : new Error(String(error));
      }
    }
    texts[locale] = files;
  }
  return texts;
}
