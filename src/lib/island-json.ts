import { useMemo } from 'react';

/**
 * An island's data as one JSON text. Astro writes every island's props twice on each request,
 * once to name the island and once into its `props` attribute, walking every value of an object
 * in script; a text it writes with one native `JSON.stringify`. For the lists of the member
 * pages (a search's cards, the swipe deck, the profile form's countries and interests) that
 * walk cost more than the island's own render, on every request of every member; on every
 * member page, the shell's links and labels add to the garbage it leaves. Flags, numbers and
 * single texts stay plain: a text is already cheap, and they read better.
 *
 * The component takes `IslandData<T>` (the value, or its text) and reads it through
 * `useIslandData`, so a test or another component may still pass the value itself. Only what
 * JSON keeps may go this way: plain objects, arrays, texts, numbers, booleans and null.
 */
declare const dataOf: unique symbol;

/** `T` written as JSON (see `islandJson`). */
export type IslandJson<T extends object> = string & { readonly [dataOf]?: T };

/** An island prop of data: the value, the same as one JSON text, or a data block of the page. */
export type IslandData<T extends object> = T | IslandJson<T> | IslandDataBlock<T>;

/** The texts of frozen values (a site's country list per language): written once. */
const frozenTexts = new WeakMap<object, string>();

/** `value` as one JSON text, for an island prop of type `IslandData<T>`. */
export function islandJson<T extends object>(value: T): IslandJson<T> {
  // Only a deeply frozen value is the same later; the object itself being frozen is taken as that promise.
  if (!Object.isFrozen(value)) return JSON.stringify(value) as IslandJson<T>;
  let text = frozenTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    frozenTexts.set(value, text);
  }
  return text as IslandJson<T>;
}

/** The value of an island prop of data: parsed once per text or block, however often the island renders. */
export function useIslandData<T extends object>(data: IslandData<T>): T {
  return useMemo(() => (typeof data === 'string' ? (JSON.parse(data) as T) : islandDataValue(data)), [data]);
}

/** The blocks read in the browser, by the props object that names them (one per island). */
const readBlocks = new WeakMap<object, unknown>();

/**
 * The value of an island prop that is the value itself or a data block, outside a hook (the
 * island's translator): on the server the block's value; in the browser the block the prop
 * names, read once per prop.
 */
export function islandDataValue<T extends object>(data: T | IslandDataBlock<T>): T {
  if (data instanceof IslandDataBlock) return data.value as T;
  // In the browser a block's reference arrives as its id alone.
  if (!isBlockName(data)) return data;
  if (!readBlocks.has(data)) readBlocks.set(data, readBlock(data.islandData));
  return readBlocks.get(data) as T;
}

/**
 * An island's data written once into the page, beside the island, instead of into its props.
 * Astro writes an island's props twice on every request (a JSON text inside JSON, then escaped
 * for an attribute: each quote of the data takes seven bytes) and hashes them with the island's
 * HTML to name it, in script, a character at a time. On the search page those props were 17 KB
 * of its 58 KB, and writing and hashing them an eighth of its CPU. A data block is the JSON as
 * it is, in a `<script type="application/json">` that the browser does not run (so no CSP hash
 * is needed), written before its island (`IslandDataBlocks.astro`), so that it is in the
 * document when the island hydrates.
 *
 * On the server the island gets the value itself through the reference (no parse); in the
 * browser it reads the block named by the reference's `islandData` field, the only field Astro
 * serializes. A reference made a key (`island-html.ts` keeps HTML per input) is its data's JSON.
 */
export class IslandDataBlock<T extends object> {
  /** The block's element id: the only field that reaches the browser in the island's props. */
  readonly islandData: string;
  readonly #value: T;
  #text: string | undefined;

  constructor(id: string, value: T) {
    this.islandData = id;
    this.#value = value;
  }

  get value(): T {
    return this.#value;
  }

  /** The block's JSON text, written once. */
  get text(): string {
    return (this.#text ??= islandJson(this.#value));
  }

  /** Its value, so that a key made of it (`JSON.stringify`) holds the data, not the block's name. */
  toJSON(): T {
    return this.#value;
  }
}

/** The reference as it reaches the browser: the block's id. */
interface IslandDataName {
  readonly islandData: string;
}

/** How many blocks each page wrote so far, by the page's `Astro.locals`: ids unique within a page. */
const blocksOfPage = new WeakMap<object, number>();

/**
 * `value` as a data block of the page whose `Astro.locals` is `page`: pass the result as the
 * island's prop and to `<IslandDataBlocks of={[...]}/>` before the island.
 */
export function islandData<T extends object>(page: object, value: T): IslandDataBlock<T> {
  const count = (blocksOfPage.get(page) ?? 0) + 1;
  blocksOfPage.set(page, count);
  return new IslandDataBlock(`island-data-${count}`, value);
}

/** A block's JSON as the content of a script element: no `<` that could end it or open a comment. */
export function islandDataScript(block: IslandDataBlock<object>): string {
  return block.text.replace(/</g, '\\u003c');
}

/** A block's value in the browser (each island reads its own once: `useIslandData` keeps it). */
function readBlock(id: string): unknown {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The island data block ${id} is not in the page`);
  return JSON.parse(element.textContent ?? 'null') as unknown;
}

const isBlockName = (data: object): data is IslandDataName =>
  typeof (data as Partial<IslandDataName>).islandData === 'string' && Object.keys(data).length === 1;
