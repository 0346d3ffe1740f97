import { LRUCache } from 'lru-cache';
import { escapeHtml } from './html-escape.ts';
import { pageBytes } from './page-bytes.ts';

/**
 * Member pages rendered once per shape and filled in per member. Members are never cached
 * (ARCHITECTURE.md rule 10), so an uncached member page used to cost Astro's whole component
 * tree and React's render of every island on each request: about four bare pages of the same
 * bytes. Most of such a page is the same for every member of a site and locale; what is a
 * member's own (the name, the e-mail address, the ids, the photo's file names) is text that the
 * page only prints.
 *
 * So a page is rendered once with stand-ins (`PageTokens.stand`) in place of those texts, and
 * every other input of the render (the site, the locale, the member's switches and balance...)
 * in the template's key. The rendered HTML is cut at each stand-in; a request of the same key
 * puts its own texts in, each escaped as the place it stands in needs:
 * - printed in HTML (React's or Astro's text and attributes): escaped as HTML;
 * - inside a JSON text that was escaped as HTML (an island's `props` attribute): escaped as a
 *   JSON string, then as HTML, exactly as Astro's serializer writes it.
 * A stand-in that was changed on its way (cut short, upper- or lower-cased, URL-encoded), or
 * that stands inside a `<script>` or `<style>`, leaves a trace the cut finds: the page is then
 * not kept for that key and is rendered as before, with the real texts. The render that makes
 * a template may read nothing of the request but its key (`shape-render.ts`): a page that reads
 * data, the time, a header or the client's address is not kept. What neither check can see (a
 * render that reads a text's length, say) is held by a test that compares every member page,
 * filled, to its real render (`tests/integration/member-page-template.test.ts`).
 *
 * Nothing here outlives an input change: the key holds every input but the stand-in texts, and
 * the cache is kept per site object, which a tenant change replaces.
 */

/** The start and the end of a stand-in: control characters no member text holds (see `stand`). */
const OPEN = '\u0001';
const CLOSE = '\u0002';
/**
 * `tK`: one lower and one upper case letter, so that a stand-in that was upper- or lower-cased
 * no longer matches and its control characters are left as a trace.
 */
const STAND_IN = /\u0001tK(\d+)\u0002|\\u0001tK(\d+)\\u0002/g;
/** Any trace of a stand-in that is not whole: raw, JSON-escaped, URL-encoded or as an entity. */
const TRACE = /[\u0001\u0002]|\\u000[12]|%0[12]|&#0*[12];|&#x0*[12];|\\x0[12]/i;

/** Where a stand-in stands, which decides how its text is written there (a slot's low bit). */
const IN_HTML = 0;
const IN_JSON_IN_HTML = 1;

/** A rendered page cut at its stand-ins. */
export interface PageTemplate {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The page's text between stand-ins: one more than `slots`. */
  readonly parts: readonly string[];
  /** Per stand-in: its index in `PageTokens.texts` times two, plus where it stands. */
  readonly slots: Int32Array;
}

/** The member's texts of one request, and the stand-ins that take their places in a render. */
export class PageTokens {
  readonly texts: string[] = [];

  /**
   * A stand-in for `text` in the render that makes the template. An empty text is no stand-in
   * (React prints nothing for it, which changes the markup around it): it stays as it is, and
   * so is part of the key.
   */
  stand(text: string): string {
    if (text === '') return text;
    const index = this.texts.push(text) - 1;
    return `${OPEN}tK${index}${CLOSE}`;
  }
}

/** Whether `index` lies inside an element whose text is not HTML (a script or a style). */
function insideRawText(html: string, index: number): boolean {
  for (const tag of ['script', 'style']) {
    const open = html.lastIndexOf(`<${tag}`, index);
    if (open !== -1 && open > html.lastIndexOf(`</${tag}>`, index)) return true;
  }
  return false;
}

/**
 * The template of a page rendered with `tokens`' stand-ins, or null when the page cannot be
 * kept (a stand-in changed on its way or stands in a script or a style).
 */
export function cutTemplate(
  html: string,
  tokens: PageTokens,
  status: number,
  headers: readonly (readonly [string, string])[],
): PageTemplate | null {
  const parts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const match of html.matchAll(STAND_IN)) {
    const index = Number(match[1] ?? match[2]);
    if (!(index < tokens.texts.length) || insideRawText(html, match.index)) return null;
    parts.push(html.slice(last, match.index));
    slots.push(index * 2 + (match[1] !== undefined ? IN_HTML : IN_JSON_IN_HTML));
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  if (parts.some((part) => TRACE.test(part))) return null;
  return { status, headers, parts, slots: Int32Array.from(slots) };
}

/** `text` inside a JSON string that was then escaped as HTML (Astro's island props). */
function jsonInHtml(text: string): string {
  return escapeHtml(JSON.stringify(text).slice(1, -1));
}

/**
 * The page of `template` with `texts` put in (the same texts, in the same order, as its key's).
 * `escape` writes a text printed in HTML: Astro's escape by default, React's for an island's HTML.
 */
export function fillTemplate(
  template: PageTemplate,
  texts: readonly string[],
  escape: (text: string) => string = escapeHtml,
): string {
  const written: (string | undefined)[] = new Array(texts.length * 2);
  const { parts, slots } = template;
  let html = parts[0]!;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    let text = written[slot];
    if (text === undefined) {
      const raw = texts[slot >> 1]!;
      text = (slot & 1) === IN_HTML ? escape(raw) : jsonInHtml(raw);
      written[slot] = text;
    }
    html += text + parts[i + 1]!;
  }
  return html;
}

/**
 * What one site keeps per key (a page's template, a layout's frame), or that it cannot be kept
 * (null). Bounded by the kept text's size, least recently used first out. A kept thing costs a
 * render of its own to make, so it is made for a key seen before: a key that comes once (a query
 * of its own, say) is only counted.
 */
export class KeptPerKey<T extends object> {
  private readonly byKey: LRUCache<string, T | 'none'>;
  private readonly seen: LRUCache<string, true>;

  /** `sizeOf`: the characters of text a kept thing holds. */
  constructor(sizeOf: (kept: T) => number, maxChars = 8_000_000, maxSeen = 20_000) {
    this.byKey = new LRUCache({
      maxSize: maxChars,
      sizeCalculation: (kept, key) => key.length + (kept === 'none' ? 1 : sizeOf(kept)),
    });
    this.seen = new LRUCache({ max: maxSeen });
  }

  /** What is kept for `key`; null when it cannot be kept; undefined when not made yet. */
  get(key: string): T | null | undefined {
    const kept = this.byKey.get(key);
    return kept === 'none' ? null : kept;
  }

  /** Whether what `key` would keep, not made yet, is worth making: its key was seen before. */
  seenBefore(key: string): boolean {
    if (this.seen.has(key)) return true;
    this.seen.set(key, true);
    return false;
  }

  set(key: string, kept: T | null): void {
    this.byKey.set(key, kept ?? 'none');
    this.seen.delete(key);
  }
}

/** The templates of one site's pages, by key. */
export class PageTemplates extends KeptPerKey<PageTemplate> {
  constructor(maxChars?: number, maxSeen?: number) {
    super((template) => template.parts.reduce((size, part) => size + part.length, 1), maxChars, maxSeen);
  }
}

/**
 * One `T` per site object, made on first use: a tenant change makes a new site object, and so a
 * new `T`, with nothing of the old configuration in it.
 */
export function perSite<T>(make: () => T): (site: object) => T {
  const bySite = new WeakMap<object, T>();
  return (site) => {
    let kept = bySite.get(site);
    if (kept === undefined) {
      kept = make();
      bySite.set(site, kept);
    }
    return kept;
  };
}

/** The templates of one site object. */
export const templatesOf = perSite(() => new PageTemplates());

/** A page as rendered, before it is cut. */
export interface RenderedPage {
  status: number;
  headers: readonly (readonly [string, string])[];
  html: string;
}

/** How to render the page: with the stand-ins in place, or as it is. */
export interface PageRenders {
  /**
   * The page rendered with the stand-ins; null when it cannot serve the key's other requests
   * (no 200 HTML page, or a render that read more than its key).
   */
  withStandIns(): Promise<RenderedPage | null>;
  real(): Promise<Response>;
}

/** The answer of a rendered page, read for keeping: a 200 HTML page that sets no cookie. */
export async function readForTemplate(response: Response): Promise<RenderedPage | null> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) {
    await response.body?.cancel();
    return null;
  }
  // The length is the stand-ins' page's, not a member's: the filled page is measured again.
  const headers = [...response.headers].filter(([name]) => name !== 'content-length');
  return { status: response.status, headers, html: await response.text() };
}

function answer(template: PageTemplate, texts: readonly string[]): Response {
  const body = pageBytes(fillTemplate(template, texts));
  const headers = new Headers(template.headers as [string, string][]);
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: template.status, headers });
}

/**
 * The page of `key`, filled in with `tokens`' texts: from its template when the page was
 * rendered for this key before; at the key's second request, rendered with stand-ins, cut and
 * kept. A key seen once, and a page that cannot be kept (now and for the key's later requests),
 * are rendered as they are.
 */
export async function templatedPage(
  templates: PageTemplates,
  key: string,
  tokens: PageTokens,
  renders: PageRenders,
): Promise<Response> {
  const known = templates.get(key);
  if (known) return answer(known, tokens.texts);
  if (known === null || !templates.seenBefore(key)) return renders.real();
  const rendered = await renders.withStandIns();
  const template = rendered && cutTemplate(rendered.html, tokens, rendered.status, rendered.headers);
  templates.set(key, template);
  return template ? answer(template, tokens.texts) : renders.real();
}
