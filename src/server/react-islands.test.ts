import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import renderer, { deferIslandHtml, islandHtmlWaits, putIslandHtmlBack } from './react-islands';

/** A greeting island, as a `.tsx` file's component reaches the renderer. */
const Greeting = ({ name }: { name: string }) =>
  createElement('p', { className: 'greeting' }, `Hello ${name}`);
const Nothing = () => null;
const metadata = { componentUrl: '/src/Greeting.tsx', hydrate: 'load' };

/** The renderer as Astro calls it for one request's page. */
function renderOn(request: Request) {
  const result = { request };
  return (component: (props: { name: string }) => unknown, props: Record<string, unknown>, slots = {}) =>
    renderer.renderToStaticMarkup.call({ result }, component as never, { ...props }, slots, metadata);
}

describe('island HTML deferred for a page put together by our own code', () => {
  it('gives Astro a short stand-in and puts the island back where the slot holds it', async () => {
    const request = new Request('http://localhost/members');
    deferIslandHtml(request);
    const render = renderOn(request);
    const first = await render(Greeting, { name: 'Ana' });
    const second = await render(Greeting, { name: 'Bo & Co' });
    expect(first.html).not.toContain('Hello');
    expect(first.html.length).toBeLessThan(24);
    expect(second.html).not.toBe(first.html);
    const slot = `<div>${first.html}</div><astro-island>${second.html}</astro-island>`;
    expect(putIslandHtmlBack(request, slot)).toBe(
      '<div><p class="greeting">Hello Ana</p></div><astro-island><p class="greeting">Hello Bo &amp; Co</p></astro-island>',
    );
  });

  it('leaves an island that shows nothing empty, as Astro writes it otherwise', async () => {
    const request = new Request('http://localhost/members');
    deferIslandHtml(request);
    expect((await renderOn(request)(Nothing, {})).html).toBe('');
  });

  it('renders in place on a request that does not defer, and leaves its HTML as it is', async () => {
    const request = new Request('http://localhost/members');
    const { html } = await renderOn(request)(Greeting, { name: 'Ana' });
    expect(html).toBe('<p class="greeting">Hello Ana</p>');
    expect(putIslandHtmlBack(request, `<div>${html}</div>`)).toBe(`<div>${html}</div>`);
  });

  it('renders an island with slots in place: Astro looks for its slots in its HTML', async () => {
    const request = new Request('http://localhost/members');
    deferIslandHtml(request);
    const Box = ({ children }: { children?: unknown }) => createElement('section', null, children as never);
    const { html } = await renderOn(request)(Box as never, {}, { default: '<b>inside</b>' });
    expect(html).toBe('<section><astro-slot><b>inside</b></astro-slot></section>');
    expect(islandHtmlWaits(request)).toBe(false);
  });

  it('puts each island back once, and says when none waits', async () => {
    const request = new Request('http://localhost/members');
    deferIslandHtml(request);
    const { html } = await renderOn(request)(Greeting, { name: 'Ana' });
    expect(islandHtmlWaits(request)).toBe(true);
    expect(putIslandHtmlBack(request, html)).toBe('<p class="greeting">Hello Ana</p>');
    expect(islandHtmlWaits(request)).toBe(false);
    expect(() => putIslandHtmlBack(request, html)).toThrow();
  });

  it('refuses a stand-in it holds no HTML for rather than send it', () => {
    const request = new Request('http://localhost/members');
    deferIslandHtml(request);
    expect(() => putIslandHtmlBack(request, '\u0001island-html:k9\u0002')).toThrow();
  });
});
