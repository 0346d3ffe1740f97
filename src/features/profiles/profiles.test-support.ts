/**
 * Member cards for property tests of what shows them (the search's grid, the likes tabs): any
 * texts a member may write, ids as the platform makes them and some a link must encode, each
 * switch either way.
 */
import fc from 'fast-check';
import type { ProfileCard } from './profiles.service.ts';

/** Texts as members write them: markup, entities, quotes, other scripts, and empty. */
export const memberText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'Zoë & Jo', '<b>"x"</b>', "O'Neil", 'Łódź', '&amp;', '{name}', '日本'),
);

/** A photo's file names are never empty. */
const fileName = memberText.filter((name) => name !== '');

export const profileCard: fc.Arbitrary<ProfileCard> = fc.record({
  id: fc.oneof(fc.stringMatching(/^[0-9a-z]{1,16}$/), fc.constantFrom('a b', 'ü/1')),
  name: memberText,
  age: fc.integer({ min: 18, max: 99 }),
  country: fc.constantFrom('NL', 'DE', 'XX', ''),
  region: fc.option(memberText, { nil: null }),
  city: fc.option(memberText, { nil: null }),
  gender: fc.constantFrom('male' as const, 'female' as const),
  online: fc.boolean(),
  fictional: fc.boolean(),
  main_image: fc.record({ filename: fileName, thumb_filename: fileName, match: fileName }),
});
