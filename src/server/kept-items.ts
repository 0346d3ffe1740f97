import { LRUCache } from 'lru-cache';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { setItemsKeeper, type ItemShape, type ItemsKeeper } from '../lib/kept-items.ts';
import { escapeHtmlAsReact } from './html-escape.ts';
import { cutTemplate, fillTemplate, PageTokens, type PageTemplate } from './page-template.ts';

/**
 * The server's side of kept list items (`src/lib/kept-items.ts`): each item's HTML from a
 * template of its shape, made once by React's render of the item with stand-ins in place of its
 * texts and cut at them (`page-template.ts`); each request puts its texts in, escaped as React
 * escapes them. An item whose stand-ins did not come through whole (a text the render changed) is
 * rendered by React, for that shape from then on.
 */

/** The templates of all kept lists: shapes in use are few (a site, a locale, a few switches). */
const templates = new LRUCache<string, { template: PageTemplate | null }>({ max: 2048 });

/** Long-lived objects of a list's context (a translator, picked messages), by a number each. */
const contextIds = new WeakMap<object, number>();
let nextContextId = 0;

function contextKey(context: readonly unknown[]): string {
  let key = '';
  for (const value of context) {
    if ((value !== null && typeof value === 'object') || typeof value === 'function') {
      let id = contextIds.get(value);
      if (id === undefined) contextIds.set(value, (id = nextContextId++));
      key += `#${id}\u0003`;
    } else key += `${JSON.stringify(value) ?? '~'}\u0003`;
  }
  return key;
}

/** A text that prints something stands in; an empty one changes the markup and is part of the key. */
const standsIn = (text: string) => text !== '';

/** A resource link React 19 hoists into an island's HTML; Astro places those itself. */
const HOISTED_LINK = /^<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/;

/**
 * An island's HTML as React rendered it, without the links React hoisted into it. React writes
 * them before the island's own markup (its preamble), so only the start is read: an island's
 * HTML runs to tens of kilobytes, and a search through all of it cost a page up to 2 % of its CPU.
 */
export function withoutHoistedLinks(html: string): string {
  let start = 0;
  while (html.startsWith('<link', start)) {
    const link = HOISTED_LINK.exec(html.slice(start, html.indexOf('>', start) + 1));
    if (!link) break;
    start += link[0].length;
  }
  return start === 0 ? html : html.slice(start);
}

/** React's HTML of one item, as an island's HTML is written. */
const renderItem = (element: ReactElement) => withoutHoistedLinks(renderToString(element));

const keepItems: ItemsKeeper = <T>(
  shape: ItemShape<T>,
  context: readonly unknown[],
  items: readonly T[],
  render: (item: T, index: number) => ReactElement,
): string => {
  const listKey = `${shape.name}\u0004${contextKey(context)}`;
  let html = '';
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    const texts: string[] = [];
    let key = `${listKey}${shape.key(item, index)}\u0004`;
    shape.texts(item, (text) => {
      if (standsIn(text)) {
        texts.push(text);
        key += '\u0001';
      } else key += `${JSON.stringify(text)}\u0003`;
      return text;
    });
    let kept = templates.get(key);
    if (!kept) {
      const tokens = new PageTokens();
      const standing = shape.texts(item, (text) => (standsIn(text) ? tokens.stand(text) : text));
      kept = { template: cutTemplate(renderItem(render(standing, index)), tokens, 200, []) };
      templates.set(key, kept);
    }
    html += kept.template
      ? fillTemplate(kept.template, texts, escapeHtmlAsReact)
      : renderItem(render(item, index));
  }
  return html;
};

/**
 * What `render` answers, its lists' items kept (an island's React render, which is synchronous:
 * the keeper is set for it alone).
 */
export function withItemsKept<T>(render: () => T): T {
  setItemsKeeper(keepItems);
  try {
    return render();
  } finally {
    setItemsKeeper(null);
  }
}
