import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cspHash } from './csp';
import { escapeHtml } from './html-escape';
import { cutFrame, fillFrame, KeptFrames, slotMarker } from './kept-frame';
import { PageTokens } from './page-template';

/** Astro's island script as a render writes it before its first island. */
const ISLAND_SCRIPT = '<script>(()=>{customElements.get("astro-island")||define()})();</script>';
const ISLAND_STYLE = '<style>astro-island{display:contents}</style>';

/** A layout's frame around `slots`, with the member's name printed twice and two islands. */
function layout(name: string, slots: { banners: string; main: string }): string {
  return (
    `<!DOCTYPE html><html><head><title>${escapeHtml(name)}</title><style>:root{--x:1}</style>` +
    `<script type="application/ld+json">{"a":1}</script></head><body>` +
    `<nav>${ISLAND_STYLE}${ISLAND_SCRIPT}<astro-island uid="a" prefix="k0" props="${escapeHtml(JSON.stringify({ name }))}"></astro-island></nav>` +
    `${slots.banners}<main>${slots.main}</main>` +
    `<astro-island uid="b" prefix="k1"></astro-island><script>behaviours()</script></body></html>`
  );
}

/** The frame of `layout`, made with stand-ins for the name and markers for the slots. */
function frameFor(name: string) {
  const tokens = new PageTokens();
  const html = layout(tokens.stand(name), { banners: slotMarker('banners'), main: slotMarker('default') });
  return { frame: cutFrame(html, tokens, ['banners', 'default']), texts: tokens.texts };
}

describe('kept frames', () => {
  it('are the page rendered whole, with the texts and the slots put in', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, main) => {
        fc.pre(!/[\u0001\u0002]/.test(name + main) && !main.includes('<s'));
        const { frame, texts } = frameFor(name);
        const slots = { banners: '<p>banner</p>', main: `<p>${escapeHtml(main)}</p>` };
        expect(fillFrame(frame!, texts, { banners: slots.banners, default: slots.main })).toBe(
          layout(name, slots),
        );
      }),
    );
  });

  it('take out of a slot the island scripts and style the frame already holds, and only those', () => {
    const { frame, texts } = frameFor('Sam');
    const main = `${ISLAND_STYLE}${ISLAND_SCRIPT}<astro-island prefix="k2"></astro-island><script>own()</script>`;
    const page = fillFrame(frame!, texts, { banners: '', default: main });
    expect(page.split(ISLAND_SCRIPT)).toHaveLength(2);
    expect(page.split(ISLAND_STYLE)).toHaveLength(2);
    expect(page).toContain('<main><astro-island prefix="k2"></astro-island><script>own()</script></main>');
  });

  it('know the hashes of their inline scripts and styles, not of data or of scripts with an address', () => {
    const { frame } = frameFor('Sam');
    expect(frame!.hashes.style).toEqual([cspHash(':root{--x:1}'), cspHash('astro-island{display:contents}')]);
    expect(frame!.hashes.script).toEqual([
      cspHash('(()=>{customElements.get("astro-island")||define()})();'),
      cspHash('behaviours()'),
    ]);
  });

  it("count the ids their islands take, so that a page's own islands count on from there", () => {
    expect(frameFor('Sam').frame!.islandIds).toBe(2);
  });

  it('are not kept when a slot is missing or twice, or a stand-in was changed on its way', () => {
    const tokens = new PageTokens();
    const name = tokens.stand('Sam');
    const twice = layout(name, { banners: slotMarker('default'), main: slotMarker('default') });
    expect(cutFrame(twice, tokens, ['banners', 'default'])).toBeNull();
    const none = layout(name, { banners: '', main: slotMarker('default') });
    expect(cutFrame(none, tokens, ['banners', 'default'])).toBeNull();
    const cut = layout(name.slice(0, 3), { banners: slotMarker('banners'), main: slotMarker('default') });
    expect(cutFrame(cut, tokens, ['banners', 'default'])).toBeNull();
  });

  it('are kept per key, a frame that cannot be kept as such, within their size', () => {
    const frames = new KeptFrames(20_000);
    const { frame } = frameFor('Sam');
    frames.set('a', frame);
    frames.set('b', null);
    expect(frames.get('a')).toBe(frame);
    expect(frames.get('b')).toBeNull();
    expect(frames.get('c')).toBeUndefined();
    for (let i = 0; i < 100; i++) frames.set(`key ${i}`, frame);
    expect(frames.get('a')).toBeUndefined();
  });

  it('are made for a shape seen before, not for one seen once', () => {
    const frames = new KeptFrames();
    expect(frames.seenBefore('a')).toBe(false);
    expect(frames.seenBefore('b')).toBe(false);
    expect(frames.seenBefore('a')).toBe(true);
  });
});
