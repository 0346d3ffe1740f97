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

/*
 * Island HTML handed to Astro as a short stand-in, for a member page's render, whose HTML our own
 * code reads before it is sent (accounts.page-template.ts). Astro names every island by a hash
 * of its HTML and props, a loop over each character in JavaScript: on the profile editor's page
 * (18 KB of island HTML) 6 % of the request's CPU, for a name no page of ours reads. Given a
 * stand-in, it hashes a few characters; `putIslandHtmlBack` puts the HTML in place of each
 * stand-in: in a kept frame's slots as they are put into the frame, in a page rendered whole
 * once it is rendered. Only islands without slots: Astro looks for their slots in the HTML.
 */
const ISLAND_HTML_OPEN = '\u0001island-html:';
const ISLAND_HTML_CLOSE = '\u0002';
const deferred = new WeakMap<Request, Map<string, string>>();

/** This request's islands give Astro stand-ins for their HTML: its page goes through `putIslandHtmlBack`. */
export function deferIslandHtml(request: Request): void {
  deferred.set(request, new Map());
}

/** Whether HTML of this request's islands still waits for `putIslandHtmlBack`. */
export function islandHtmlWaits(request: Request): boolean {
  return (deferred.get(request)?.size ?? 0) > 0;
}

/**
 * `html` (a page or slot of a render that deferred its island HTML) with each island's HTML in
 * place of its stand-in. An island's HTML is put back once: a stand-in without HTML is an error,
 * never sent.
 */
export function putIslandHtmlBack(request: Request, html: string): string {
  const kept = deferred.get(request);
  if (!kept) return html;
  let out = '';
  let from = 0;
  for (let at = html.indexOf(ISLAND_HTML_OPEN); at !== -1; at = html.indexOf(ISLAND_HTML_OPEN, from)) {
    const end = html.indexOf(ISLAND_HTML_CLOSE, at);
    const id = html.slice(at + ISLAND_HTML_OPEN.length, end);
    const island = kept.get(id);
    if (end === -1 || island === undefined) throw new Error('an island stand-in without its HTML');
    kept.delete(id);
    out += html.slice(from, at) + island;
    from = end + ISLAND_HTML_CLOSE.length;
  }
  return from === 0 ? html : out + html.slice(from);
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
  const shown = withoutHoistedLinks(html);
  const request = this?.result?.request;
  const kept = request && prefix !== undefined ? deferred.get(request) : undefined;
  // An island that shows nothing on the server stays empty: Astro writes such an island otherwise.
  if (kept && shown !== '' && inner == null && Object.keys(slotted).length === 0) {
    kept.set(prefix!, shown);
    return { html: `${ISLAND_HTML_OPEN}${prefix}${ISLAND_HTML_CLOSE}`, attrs: { prefix } };
  }
  return { html: shown, attrs: { prefix } };
}

export default {
  name: 'kindred:react-islands',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
