import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeHTML } from 'astro/runtime/server/escape.js';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { cutTemplate, fillTemplate, PageTemplates, PageTokens, templatedPage } from './page-template';

type Metadata = NonNullable<Parameters<typeof serializeProps>[1]>;
const metadata = { displayName: 'Island', hydrate: 'idle', astroStaticSlot: true } as Metadata;

/**
 * A page as Astro and React write a member's texts: React's text and attribute, Astro's
 * escaped text, and an island's `props` attribute (JSON escaped as HTML).
 */
function page(name: string, email: string): string {
  const react = renderToString(
    createElement('p', { title: name }, 'Hello ', name, createElement('strong', null, email)),
  );
  const props = escapeHTML(serializeProps({ user: { name, email, credits: 3 } }, metadata));
  return `<!doctype html><h1>${escapeHTML(name)}</h1>${react}<astro-island props="${props}"></astro-island><script>var x = 1;</script>`;
}

/** React writes `'` as `&#x27;`, Astro as `&#39;`: the same character to a browser. */
const sameCharacters = (html: string) => html.replaceAll('&#x27;', '&#39;');

/** The page for `name` and `email` through a template made with stand-ins. */
function filled(name: string, email: string): string | null {
  const tokens = new PageTokens();
  const template = cutTemplate(page(tokens.stand(name), tokens.stand(email)), tokens, 200, []);
  return template && fillTemplate(template, tokens.texts);
}

describe('page templates', () => {
  it('fill in texts as the render writes them, in HTML and in island props', () => {
    const name = `Zoë "<b>&amp;</b>" O'Brien \u2028 😀`;
    const email = "o'brien+x&y@example.com";
    expect(filled(name, email)).toBe(sameCharacters(page(name, email)));
  });

  it('fill in any text exactly as the render would have written it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'binary' }), fc.string({ minLength: 1 }), (name, email) => {
        expect(filled(name, email)).toBe(sameCharacters(page(name, email)));
      }),
      { numRuns: 300 },
    );
    // Three hundred pages rendered twice: seconds on a machine busy with other suites.
  }, 30_000);

  it('put each member their own texts into one template', () => {
    const tokens = new PageTokens();
    const template = cutTemplate(
      page(tokens.stand('Robin'), tokens.stand('robin@example.com')),
      tokens,
      200,
      [],
    );
    expect(fillTemplate(template!, ['Sam', 'sam@example.com'])).toBe(page('Sam', 'sam@example.com'));
    expect(fillTemplate(template!, ['Kim', 'kim@example.com'])).not.toContain('Robin');
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, 3)],
    ['upper-cased', (text: string) => text.toUpperCase()],
    ['lower-cased', (text: string) => text.toLowerCase()],
    ['URL-encoded', (text: string) => encodeURIComponent(text)],
    ['a character code', (text: string) => `&#${text.charCodeAt(0)};`],
  ])('keep no page in which a stand-in was %s', (_, change) => {
    const tokens = new PageTokens();
    const name = tokens.stand('Robin');
    expect(cutTemplate(`<p>${name}</p><a href="/x?n=${change(name)}">x</a>`, tokens, 200, [])).toBeNull();
  });

  it('keep no page with a stand-in inside a script or a style', () => {
    const tokens = new PageTokens();
    const name = tokens.stand('Robin');
    expect(cutTemplate(`<p>ok</p><script>var n = "${name}";</script>`, tokens, 200, [])).toBeNull();
    expect(cutTemplate(`<style>.a::after{content:"${name}"}</style>`, tokens, 200, [])).toBeNull();
    expect(cutTemplate(`<script>1</script><p>${name}</p>`, tokens, 200, [])).not.toBeNull();
  });

  it('leave an empty text as it is: it is part of the key, not a stand-in', () => {
    const tokens = new PageTokens();
    expect(tokens.stand('')).toBe('');
    expect(tokens.texts).toEqual([]);
  });

  it('render a key at its second request, then fill it; a page that cannot be kept is rendered as it is', async () => {
    const templates = new PageTemplates();
    let renders = 0;
    let reals = 0;
    const through = (name: string, key: string, render: (n: string) => string | null) => {
      const tokens = new PageTokens();
      const standIn = tokens.stand(name);
      return templatedPage(templates, key, tokens, {
        withStandIns: async () => {
          renders++;
          const html = render(standIn);
          return html === null ? null : { status: 200, headers: [['content-type', 'text/html']], html };
        },
        real: async () => {
          reals++;
          return new Response(render(name));
        },
      });
    };
    const plain = (n: string) => `<p>${n}</p>`;
    // A key that comes once costs no render of its own.
    expect(await (await through('Robin', 'a', plain)).text()).toBe('<p>Robin</p>');
    expect([renders, reals]).toEqual([0, 1]);
    const second = await through('Sam', 'a', plain);
    expect(await second.text()).toBe('<p>Sam</p>');
    expect(second.headers.get('content-length')).toBe('10');
    expect(await (await through('Kim', 'a', plain)).text()).toBe('<p>Kim</p>');
    expect([renders, reals]).toEqual([1, 1]);
    const upper = (n: string) => `<p>${n.toUpperCase()}</p>`;
    expect(await (await through('Robin', 'b', upper)).text()).toBe('<p>ROBIN</p>');
    expect(await (await through('Sam', 'b', upper)).text()).toBe('<p>SAM</p>');
    expect(await (await through('Kim', 'b', upper)).text()).toBe('<p>KIM</p>');
    expect([renders, reals]).toEqual([2, 4]);
    // A render that may not be kept (it read more than its key) is not tried again for the key.
    const refused = (n: string) => (n.startsWith('\u0001') ? null : `<p>${n}</p>`);
    for (const name of ['Robin', 'Sam', 'Kim']) {
      expect(await (await through(name, 'c', refused)).text()).toBe(`<p>${name}</p>`);
    }
    expect([renders, reals]).toEqual([3, 7]);
  });
});
