import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandJson, useIslandData, type IslandData } from './island-json.ts';

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
