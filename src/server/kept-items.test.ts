import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { KeptList, type ItemShape } from '../lib/kept-items.ts';
import { withItemsKept, withoutHoistedLinks } from './kept-items.ts';

interface Row {
  name: string;
  starred: boolean;
}

/** Item renders so far: the count an item shows tells a kept item (its template's count) from a rendered one. */
let renders = 0;

/** A list of rows; `show` is what the render makes of a row's name. */
function list(rows: Row[], shape: ItemShape<Row>, context: unknown[] = [], show = (name: string) => name) {
  const element = createElement(KeptList<Row>, {
    as: 'ul',
    className: 'rows',
    items: rows,
    shape,
    context,
    render: (row, index) =>
      createElement('li', { key: index, 'data-starred': row.starred }, show(row.name), ` #${renders++}`),
  });
  return { html: withItemsKept(() => renderToString(element)), renders: () => renders };
}

let shapes = 0;
/** A shape of its own per test: kept templates outlive a test. */
const rowShape = (key: (row: Row) => string = (row) => String(row.starred)): ItemShape<Row> => ({
  name: `test.rows-${shapes++}`,
  key,
  texts: (row, text) => ({ ...row, name: text(row.name) }),
});

beforeEach(() => {
  renders = 0;
});

describe('kept list items', () => {
  it('renders an item once per shape and fills in the texts of the next items of that shape', () => {
    const shape = rowShape();
    const first = list([{ name: 'Ann & Bo', starred: false }], shape);
    expect(first.html).toBe('<ul class="rows"><li data-starred="false">Ann &amp; Bo<!-- --> #0</li></ul>');
    const next = list(
      [
        { name: '<Cy>', starred: false },
        { name: 'Di', starred: true },
      ],
      shape,
    );
    // The first row came from the template (its count is the template's #0); the second, of a
    // shape not seen before, was rendered (React escapes the filled text as it would have).
    expect(next.html).toBe(
      '<ul class="rows"><li data-starred="false">&lt;Cy&gt;<!-- --> #0</li><li data-starred="true">Di<!-- --> #1</li></ul>',
    );
  });

  it('keeps an empty text in the key: React writes no text node for it', () => {
    const shape = rowShape();
    list([{ name: 'Ed', starred: false }], shape);
    expect(list([{ name: '', starred: false }], shape).html).toBe(
      '<ul class="rows"><li data-starred="false"> #1</li></ul>',
    );
  });

  it('keeps items apart by their context: objects by identity, values by value', () => {
    const shape = rowShape();
    const messages = {};
    list([{ name: 'Fay', starred: false }], shape, [messages, 'nl']);
    expect(list([{ name: 'Gus', starred: false }], shape, [messages, 'nl']).renders()).toBe(1);
    expect(list([{ name: 'Gus', starred: false }], shape, [messages, 'de']).renders()).toBe(2);
    expect(list([{ name: 'Gus', starred: false }], shape, [{}, 'nl']).renders()).toBe(3);
  });

  it('renders an item whose stand-in did not come through whole, for that shape from then on', () => {
    const shape = rowShape();
    const upper = (name: string) => name.toUpperCase();
    // The render with the stand-in (#0) left a trace: the item is rendered as it is (#1).
    expect(list([{ name: 'Hal', starred: false }], shape, [], upper).html).toBe(
      '<ul class="rows"><li data-starred="false">HAL<!-- --> #1</li></ul>',
    );
    expect(list([{ name: 'Ivy', starred: false }], shape, [], upper).html).toContain('IVY<!-- --> #2');
  });

  it('renders the items as any list does where no keeper is set (the browser)', () => {
    const element = createElement(KeptList<Row>, {
      as: 'ol',
      items: [{ name: 'Jo', starred: true }],
      shape: rowShape(),
      context: [],
      render: (row) => createElement('li', { key: row.name }, row.name),
    });
    expect(renderToString(element)).toBe('<ol><li>Jo</li></ol>');
  });
});

describe('withoutHoistedLinks', () => {
  it("takes out the image preloads React writes before an island's markup, and nothing else", () => {
    const island = createElement(
      'div',
      null,
      createElement('p', null, 'x'),
      createElement('img', { src: '/a.webp', alt: '' }),
      createElement('img', { src: '/b.webp', alt: '' }),
    );
    const html = renderToString(island);
    expect(html.startsWith('<link rel="preload" as="image" href="/a.webp"/>')).toBe(true);
    expect(withoutHoistedLinks(html)).toBe(
      '<div><p>x</p><img src="/a.webp" alt=""/><img src="/b.webp" alt=""/></div>',
    );
    expect(withoutHoistedLinks('<link rel="icon" href="/i.png"/><p>y</p>')).toBe(
      '<link rel="icon" href="/i.png"/><p>y</p>',
    );
    expect(withoutHoistedLinks('<p>no links</p>')).toBe('<p>no links</p>');
  });
});
