/**
 * What a page costs a visitor's phone before any interaction: its HTML, its stylesheets and the
 * scripts it runs at load, gzipped, and whether anything comes from another host. Read from the
 * HTML the server sends (our own markup, so attribute-level parsing is enough).
 */
import { gzipSync } from 'node:zlib';

export function gzipBytes(text: string | Buffer): number {
  return gzipSync(text, { level: 6 }).length;
}

export interface PageResources {
  stylesheets: string[];
  inlineStyles: string[];
  /** `<script src>` and module preloads: fetched at load. */
  scripts: string[];
  /** Inline scripts that run (JSON-LD and other data blocks excluded). */
  inlineScripts: string[];
  /** Islands and the directive that loads them (`load`, `idle`, `visible`, or our `signup`: on first use). */
  islands: Array<{ url: string; directive: string }>;
  /** Every URL the page itself makes the browser fetch (not links the visitor may follow). */
  fetched: string[];
}

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
};

const decode = (value: string) => value.replace(/&amp;/g, '&');

/** Resources of a page, as URLs relative to it (resolve with `new URL(url, page)`). */
export function pageResources(html: string): PageResources {
  const resources: PageResources = {
    stylesheets: [],
    inlineStyles: [],
    scripts: [],
    inlineScripts: [],
    islands: [],
    fetched: [],
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel.includes('stylesheet')) resources.stylesheets.push(decode(href));
    if (rel.includes('modulepreload')) resources.scripts.push(decode(href));
    if (
      rel.some((r) =>
        ['stylesheet', 'modulepreload', 'preload', 'icon', 'manifest', 'apple-touch-icon'].includes(r),
      )
    ) {
      resources.fetched.push(decode(href));
    }
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    resources.inlineStyles.push(body ?? '');
  for (const [whole, open, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const tag = open ?? whole;
    const src = attribute(tag, 'src');
    const type = (attribute(tag, 'type') ?? '').toLowerCase();
    if (src) {
      resources.scripts.push(decode(src));
      resources.fetched.push(decode(src));
    } else if (!type || type === 'module' || type.includes('javascript')) {
      resources.inlineScripts.push(body ?? '');
    }
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const url = attribute(tag, 'component-url');
    if (url) resources.islands.push({ url: decode(url), directive: attribute(tag, 'client') ?? 'unknown' });
  }
  for (const [tag] of html.matchAll(/<(?:img|source|video|audio|iframe|embed|track)\b[^>]*>/gi)) {
    for (const name of ['src', 'poster']) {
      const value = attribute(tag, name);
      if (value) resources.fetched.push(decode(value));
    }
    const srcset = attribute(tag, 'srcset');
    if (srcset) {
      for (const candidate of srcset.split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) resources.fetched.push(decode(url));
      }
    }
  }
  return resources;
}

/** `url(…)` references of a stylesheet (fonts, images). */
export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]+))\s*\)/gi)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim())
    .filter((url) => url && !url.startsWith('data:') && !url.startsWith('#'));
}

/** URLs that would be fetched from a host other than the page's. */
export function thirdParty(urls: readonly string[], pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return urls.filter((url) => {
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return false;
    try {
      return new URL(url, pageUrl).origin !== origin;
    } catch {
      return false;
    }
  });
}
