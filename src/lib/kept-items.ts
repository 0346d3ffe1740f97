import { createElement, type HTMLAttributes, type ReactElement } from 'react';

/**
 * The items of an island's list rendered once per shape on the server and filled in per request.
 * A list of member cards is most of a list page's React work: each card is a dozen elements and
 * a few formatted messages, and React renders them again for every request although only the
 * card's texts (a name, an age, a place, a photo's file names) change from one card to the next.
 *
 * A list declares its items' shape (`ItemShape`): what of an item besides its texts its HTML
 * depends on (`key`), and which of its texts the HTML only prints, as text or as an attribute's
 * value (`texts`). On the server, each item is then rendered once per key with stand-ins in
 * place of its texts, cut at them (`src/server/kept-items.ts`, as a kept island is) and filled
 * with each request's texts; the list element gets the items' HTML as its content. In the
 * browser, and wherever no keeper is set, `KeptList` renders its items as any list does, so
 * hydration meets the very markup React would have written: an item's HTML does not depend on
 * where it stands (no `useId`, no context), and the elements of a list need no separators.
 *
 * What the key must hold is the list's to say: a shape that leaves out something the item's HTML
 * shows would give one item's markup to another. Each shape therefore has a property test beside
 * its list that holds the kept HTML of random items to React's render of them
 * (`MemberCards.test.ts`, `LikesList.test.ts`).
 */

/** What of a list's items its HTML depends on, declared by the list. */
export interface ItemShape<T> {
  /** The list's name, unique in the project: its items' templates are kept under it. */
  readonly name: string;
  /**
   * Everything besides the texts that the item's HTML depends on, as one string: the item's
   * switches and which of its optional parts are there, its place in the list where the markup
   * says so, and what of the list's surroundings it shows (`KeptListProps.context`).
   */
  key(item: T, index: number): string;
  /**
   * The item with each text that its HTML only prints passed through `text` (and put back where
   * it was): the server collects the texts with it, and renders the template with stand-ins in
   * their places. A text the HTML tests, measures or cuts is part of `key` instead.
   */
  texts(item: T, text: (value: string) => string): T;
}

/** Renders the items of `shape` into HTML (the server's, set around each island's render). */
export type ItemsKeeper = <T>(
  shape: ItemShape<T>,
  context: readonly unknown[],
  items: readonly T[],
  render: (item: T, index: number) => ReactElement,
) => string;

let keeper: ItemsKeeper | null = null;

/**
 * Sets the keeper for the renders that follow (the server's island renderer, around React's
 * render of an island, which is synchronous); `null` stops keeping.
 */
export function setItemsKeeper(next: ItemsKeeper | null): void {
  keeper = next;
}

export interface KeptListProps<T> extends HTMLAttributes<HTMLElement> {
  /** The list element. */
  as: 'ul' | 'ol' | 'div';
  items: readonly T[];
  shape: ItemShape<T>;
  /**
   * What of the list's surroundings the items' HTML depends on: long-lived objects (a translator,
   * the picked messages) by identity, texts and numbers by value.
   */
  context: readonly unknown[];
  /** One item, with its `key`. */
  render: (item: T, index: number) => ReactElement;
}

/** A list whose items the server keeps per shape (see the file comment). */
export function KeptList<T>({
  as,
  items,
  shape,
  context,
  render,
  ...attributes
}: KeptListProps<T>): ReactElement {
  if (keeper && items.length > 0)
    return createElement(as, {
      ...attributes,
      dangerouslySetInnerHTML: { __html: keeper(shape, context, items, render) },
    });
  return createElement(as, attributes, items.map(render));
}
