import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  islandData,
  islandDataScript,
  islandDataValue,
  islandJson,
  useIslandData,
  type IslandData,
} from './island-json.ts';

interface Deck {
  cards: { id: string; name: string }[];
  next: string | null;
}

function Cards({ deck }: { deck: IslandData<Deck> }) {
  const { cards, next } = useIslandData(deck);
  return createElement('p', null, `${cards.map((card) => card.name).join(',')} ${next ?? 'end'}`);
}

describe('island data as one JSON text', () => {
  const deck: Deck = { cards: [{ id: 'p1', name: `Zoë "O'Brien" <b>` }], next: null };

  it('renders the same from the text as from the value', () => {
    const fromText = renderToString(createElement(Cards, { deck: islandJson(deck) }));
    expect(fromText).toBe(renderToString(createElement(Cards, { deck })));
    expect(fromText).toContain('Zoë &quot;O&#x27;Brien&quot; &lt;b&gt; end');
  });

  it('writes a frozen value once, and a value that may change every time', () => {
    const countries = Object.freeze([Object.freeze({ code: 'NL', name: 'Netherlands' })]);
    expect(islandJson(countries)).toBe('[{"code":"NL","name":"Netherlands"}]');
    expect(islandJson(countries)).toBe(islandJson(countries));
    const open = { cards: [] as Deck['cards'], next: 'a' };
    expect(islandJson(open)).toBe('{"cards":[],"next":"a"}');
    open.next = 'b';
    expect(islandJson(open)).toBe('{"cards":[],"next":"b"}');
  });
});

describe('island data as a block of the page', () => {
  const deck: Deck = { cards: [{ id: 'p1', name: 'Ana </script><!-- <b>' }], next: 'n2' };
  /** What Astro writes into an island's props for a value: its own enumerable fields, walked. */
  const asAstroWritesIt = (value: object) => JSON.stringify(Object.fromEntries(Object.entries(value)));

  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it("renders on the server from the value itself, and only the block's id reaches the props", () => {
    const block = islandData({}, deck);
    expect(renderToString(createElement(Cards, { deck: block }))).toBe(
      renderToString(createElement(Cards, { deck })),
    );
    expect(asAstroWritesIt(block)).toBe('{"islandData":"island-data-1"}');
    // As a key of kept island HTML it is its data, not its name.
    expect(JSON.stringify(block)).toBe(JSON.stringify(deck));
  });

  it('names the blocks of one page apart, and each page from one', () => {
    const page = {};
    expect([islandData(page, deck), islandData(page, deck)].map((b) => b.islandData)).toEqual([
      'island-data-1',
      'island-data-2',
    ]);
    expect(islandData({}, deck).islandData).toBe('island-data-1');
  });

  it('writes a text that cannot end its script element, and reads back as the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = islandDataScript(islandData({}, { value }));
        expect(text).not.toContain('<');
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify({ value })));
      }),
    );
  });

  it('reads the block named by the props in the browser, and says so when it is missing', () => {
    const block = islandData({}, deck);
    const blocks = new Map([[block.islandData, { textContent: islandDataScript(block) }]]);
    (globalThis as { document?: unknown }).document = {
      getElementById: (id: string) => blocks.get(id) ?? null,
    };
    const props = JSON.parse(asAstroWritesIt(block)) as IslandData<Deck>;
    expect(renderToString(createElement(Cards, { deck: props }))).toBe(
      renderToString(createElement(Cards, { deck })),
    );
    expect(() =>
      renderToString(createElement(Cards, { deck: { islandData: 'island-data-9' } as IslandData<Deck> })),
    ).toThrow('The island data block island-data-9 is not in the page');
  });

  it('gives a translator outside a hook the value: the block itself on the server, read once per prop in the browser', () => {
    const block = islandData({}, deck);
    expect(islandDataValue(block)).toBe(deck);
    expect(islandDataValue(deck)).toBe(deck);
    let reads = 0;
    (globalThis as { document?: unknown }).document = {
      getElementById: () => {
        reads += 1;
        return { textContent: islandDataScript(block) };
      },
    };
    const props = JSON.parse(asAstroWritesIt(block)) as { islandData: string };
    const first = islandDataValue(props as unknown as Deck);
    expect(first).toEqual(deck);
    expect(islandDataValue(props as unknown as Deck)).toBe(first);
    expect(reads).toBe(1);
  });
});
