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

/** An island prop of data: the value, or the same as one JSON text. */
export type IslandData<T extends object> = T | IslandJson<T>;

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

/** The value of an island prop of data: parsed once per text, however often the island renders. */
export function useIslandData<T extends object>(data: IslandData<T>): T {
  return useMemo(() => (typeof data === 'string' ? (JSON.parse(data) as T) : data), [data]);
}
