import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '../../../i18n/index.ts';
import { withItemsKept, withoutHoistedLinks } from '../../../server/kept-items.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import { profileCard } from '../../profiles/profiles.test-support.ts';
import { islandTranslator } from '../../shell/island-i18n.ts';
import { MATCH_FINDER_MESSAGES, MEMBER_SEARCH_MESSAGES } from './island-messages.ts';
import { CardGrid } from './MemberCards.tsx';

/*
 * The grid's cards are kept per shape on the server (src/lib/kept-items.ts): the kept HTML must
 * be React's render of the same cards to the byte, or hydration would meet other markup.
 */

type Card = ProfileCard & { reasons: { shared_interests: number; near: string } };

/** A card with what the match finder says of it (shown under the card by `extra`). */
const card: fc.Arbitrary<Card> = fc
  .tuple(
    profileCard,
    fc.record({ shared_interests: fc.integer({ min: 0, max: 3 }), near: fc.constantFrom('city', 'none') }),
  )
  .map(([profile, reasons]) => ({ ...profile, reasons }));

const countries = [
  { code: 'NL', name: 'Nederland' },
  { code: 'DE', name: 'Deutschland & Co' },
];

function grid(
  cards: Card[],
  locale: 'en' | 'de',
  variant: { report: boolean; extra: boolean; path: string },
) {
  const t = islandTranslator(pickMessages(locale, [...MEMBER_SEARCH_MESSAGES, ...MATCH_FINDER_MESSAGES]));
  return createElement(CardGrid<Card>, {
    cards,
    countries,
    profilePath: variant.path,
    fictional: { icon: 'mask', label: locale === 'en' ? 'Fictional' : 'Fiktiv' },
    t,
    onReport: variant.report ? () => undefined : undefined,
    extra: variant.extra
      ? (c: Card) =>
          c.reasons.shared_interests > 0
            ? createElement('p', null, t('match.reason_interests', { count: c.reasons.shared_interests }))
            : c.reasons.near === 'city'
              ? createElement('p', null, t('match.reason_near'))
              : null
      : undefined,
    extraKey: variant.extra ? (c: Card) => `${c.reasons.shared_interests}|${c.reasons.near}` : undefined,
  });
}

const kept = (element: ReturnType<typeof grid>) => withItemsKept(() => renderToString(element));

/** React's render as the island renderer writes it (without the links React hoists into it). */
const react = (element: ReturnType<typeof grid>) => withoutHoistedLinks(renderToString(element));

describe('CardGrid kept per shape', () => {
  it('writes the markup React writes for any cards, first and later', () => {
    fc.assert(
      fc.property(
        fc.array(card, { maxLength: 7 }),
        fc.constantFrom('en' as const, 'de' as const),
        fc.record({
          report: fc.boolean(),
          extra: fc.boolean(),
          path: fc.constantFrom('/members', '/de/members'),
        }),
        (cards, locale, variant) => {
          const rendered = react(grid(cards, locale, variant));
          // Once to make the shapes' templates (or meet those of earlier runs), once from them.
          expect(kept(grid(cards, locale, variant))).toBe(rendered);
          expect(kept(grid(cards, locale, variant))).toBe(rendered);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps one shape for cards that differ only in their texts', () => {
    const base: Card = {
      id: 'a1',
      name: 'Anna',
      age: 30,
      country: 'NL',
      region: null,
      city: 'Utrecht',
      gender: 'female',
      online: false,
      fictional: false,
      main_image: { filename: '/m/a.webp', thumb_filename: '/m/a-t.webp', match: '/m/a-m.webp' },
      reasons: { shared_interests: 0, near: 'none' },
    };
    const other = { ...base, id: 'b2', name: 'Bea <3', age: 41, city: 'Zwolle' };
    const variant = { report: true, extra: false, path: '/members' };
    expect(kept(grid([base], 'en', variant))).toBe(react(grid([base], 'en', variant)));
    const html = kept(grid([other], 'en', variant));
    expect(html).toBe(react(grid([other], 'en', variant)));
    expect(html).toContain('<span class="given-name">Bea &lt;3<!-- -->,</span> <!-- -->41');
    expect(html).not.toContain('Anna');
  });

  it('renders as any list where no keeper is set (the browser)', () => {
    const html = react(grid([], 'en', { report: false, extra: false, path: '/members' }));
    expect(html).toBe('<ul class="member-grid list-unstyled mb-0" data-testid="search-results"></ul>');
  });
});
