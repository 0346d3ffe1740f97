import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '../../../i18n/index.ts';
import { withItemsKept, withoutHoistedLinks } from '../../../server/kept-items.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import { profileCard } from '../../profiles/profiles.test-support.ts';
import { LIKES_LIST_MESSAGES } from './island-messages.ts';
import LikesList, { type LikesTab } from './LikesList.tsx';

/*
 * A tab's cards are kept per shape on the server (src/lib/kept-items.ts): the kept HTML must be
 * React's render of the same tab to the byte, or hydration would meet other markup.
 */

const unique = (cards: ProfileCard[]) => [...new Map(cards.map((c) => [c.id, c])).values()];

function tab(
  answer: { profiles: ProfileCard[]; liked_by: ProfileCard[]; matches: ProfileCard[]; seen: boolean },
  name: LikesTab,
  locale: 'en' | 'nl',
) {
  return createElement(LikesList, {
    tab: name,
    initial: {
      profiles: answer.profiles,
      // Some liked back (a match), some not.
      liked_by: answer.liked_by.map((profile) => ({
        id: profile.id,
        like_new: !answer.seen,
        liked_back: profile.id.length % 2 === 0,
        profile,
      })),
      matches: answer.matches,
      next: { profiles: null, liked_by: null, matches: null },
    },
    messages: pickMessages(locale, LIKES_LIST_MESSAGES),
    fictional: { icon: 'mask', label: 'Fictional', warning: 'A profile <run> by the site' },
    links: {
      members: locale === 'en' ? '/members' : '/nl/members',
      search: '/members',
      swipe: '/swipe-game',
      tabs: { received: '/likes/received', sent: '/likes/sent', matches: '/likes/matches' },
    },
    selfPhoto: null,
  });
}

const kept = (element: ReturnType<typeof tab>) => withItemsKept(() => renderToString(element));

describe('LikesList kept per shape', () => {
  it('writes the markup React writes for any tab of any likes, first and later', () => {
    fc.assert(
      fc.property(
        fc.record({
          profiles: fc.array(profileCard, { maxLength: 4 }).map(unique),
          liked_by: fc.array(profileCard, { maxLength: 4 }).map(unique),
          matches: fc.array(profileCard, { maxLength: 3 }).map(unique),
          seen: fc.boolean(),
        }),
        fc.constantFrom<LikesTab>('received', 'sent', 'matches'),
        fc.constantFrom('en' as const, 'nl' as const),
        (answer, name, locale) => {
          const rendered = withoutHoistedLinks(renderToString(tab(answer, name, locale)));
          expect(kept(tab(answer, name, locale))).toBe(rendered);
          expect(kept(tab(answer, name, locale))).toBe(rendered);
        },
      ),
      { numRuns: 200 },
    );
  });
});
