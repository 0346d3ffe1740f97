/**
 * The server renderer of the React islands, registered before `@astrojs/react`'s through
 * Astro's renderer API (astro.config.mjs, `addRenderer`); the browser side stays
 * `@astrojs/react/client.js`. It renders an island of a `.tsx`/`.jsx` file as `@astrojs/react`
 * does, with three differences that an uncached member page pays for on every request:
 *
 * - Astro asks each renderer whether a component is its own, and `@astrojs/react`'s answer is a
 *   whole render of the component outside React (its hooks throw, an error and a stack trace
 *   each time): a tenth of an uncached member page's CPU. React is the only renderer of .tsx and
 *   .jsx files here, so such an island is this renderer's at once. Anything else (a component
 *   rendered without a client directive has no file name) is left to `@astrojs/react`.
 * - `renderToString`, with the island's id prefix, instead of a stream: the islands render
 *   nothing asynchronous, and the stream cost each island an encode into bytes and a decode
 *   back. (`@astrojs/react`'s own switch for that drops the prefix, so `useId` in two islands of
 *   one page would clash.)
 * - An island whose server HTML shows nothing of the member (it declares `serverHtmlIgnores`)
 *   is rendered once per input and site (island-html.ts), and the items of an island's lists
 *   once per shape (`KeptList`, kept-items.ts).
 */
import { createElement, memo, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islandHtml } from './island-html.ts';
import { withItemsKept, withoutHoistedLinks } from './kept-items.ts';

interface RenderContext {
  result?: { request?: Request };
}

interface Metadata {
  componentUrl?: string;
  hydrate?: string;
  astroStaticSlot?: boolean;
}

const ISLAND_FILE = /\.[jt]sx$/;

/** Ids of this renderer's islands on a page: `k0`, `k1`, … (`@astrojs/react` counts `r0`, `r1`, …). */
const counters = new WeakMap<object, { next: number }>();
/** Per request: the ids its page has taken already (a kept frame's islands, see kept-frame.ts). */
const taken = new WeakMap<Request, number>();

/**
 * The islands of this request's render start counting at `count`: the page's first `count` ids
 * are in HTML that is not rendered again (a kept frame), and two islands with one id would give
 * their `useId`s the same ids.
 */
export function takeIslandIds(request: Request, count: number): void {
  taken.set(request, count);
}

function nextPrefix(result: { request?: Request } | undefined): string | undefined {
  if (!result) return undefined;
  let counter = counters.get(result);
  if (!counter) {
    counter = { next: (result.request && taken.get(result.request)) ?? 0 };
    counters.set(result, counter);
  }
  return `k${counter.next++}`;
}

/** Astro's slot HTML inside an island, as `@astrojs/react` passes it. */
const StaticHtml = memo(
  ({
    value,
    name,
    hydrate = true,
  }: {
    value: string | null | undefined;
    name?: string;
    hydrate?: boolean;
  }) => {
    if (value == null || value.trim() === '') return null;
    return createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
      name,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: value },
    });
  },
  () => true,
);

const slotName = (key: string) => key.trim().replace(/[-_]([a-z])/g, (_, w: string) => w.toUpperCase());
const needsHydration = (metadata: Metadata | undefined) =>
  metadata?.astroStaticSlot ? !!metadata.hydrate : true;

async function check(
  Component: unknown,
  _props: Record<string, unknown>,
  _children: unknown,
  metadata?: Metadata,
): Promise<boolean> {
  return typeof Component === 'function' && ISLAND_FILE.test(metadata?.componentUrl ?? '');
}

async function renderToStaticMarkup(
  this: RenderContext | undefined,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Record<string, string | undefined>,
  metadata?: Metadata,
): Promise<{ html: string; attrs: Record<string, unknown> }> {
  const prefix = nextPrefix(this?.result);
  delete props['class'];
  const hydrate = needsHydration(metadata);
  const elementProps: Record<string, unknown> = { ...props };
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    elementProps[name] = createElement(StaticHtml, { hydrate, value, name });
  }
  const inner = children ?? props['children'];
  if (inner != null)
    elementProps['children'] = createElement(StaticHtml, { hydrate, value: inner as string });
  // The island's lists keep their items per shape (kept-items.ts).
  const render = (rendered: Record<string, unknown>) =>
    withItemsKept(() => renderToString(createElement(Component, rendered), { identifierPrefix: prefix }));
  // An island without children or slots may have its HTML kept (island-html.ts).
  const html =
    inner == null && Object.keys(slotted).length === 0
      ? islandHtml(Component, elementProps, prefix, render)
      : render(elementProps);
  return { html: withoutHoistedLinks(html), attrs: { prefix } };
}

export default {
  name: 'kindred:react-islands',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
