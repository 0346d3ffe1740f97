/** Interests members can pick (spec §3), in the spec's order. */
export const INTERESTS = [
  'relationship', 'onenightstand', 'kissing', 'hugging', 'massages', 'lingerie', 'sex', 'safesex',
  'publicsex', 'oralsex', 'analsex', 'sextoys', 'masturbating', 'exchangingpictures', 'threesome',
  'gangbang', 'bondage', 'sadomasochism', 'gym', 'sports', 'dancing', 'travelling', 'adventure',
  'party', 'tattoos', 'music', 'movies', 'videogames', 'politics', 'outdoors', 'gardening', 'hiking',
  'biking', 'reading', 'animals', 'beach', 'art', 'photography', 'theater', 'shopping', 'fashion',
  'astrology', 'cooking', 'foodie', 'bbq', 'sushi', 'vegetarian', 'wine', 'beer', 'tea', 'coffee',
] as const;
export type Interest = (typeof INTERESTS)[number];

/** Profile attributes and their values (spec §3). */
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blond', 'red', 'grey', 'white', 'bald', 'other'] as const;
export const EYE_COLORS = ['brown', 'blue', 'green', 'grey', 'hazel', 'other'] as const;
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const RELATIONSHIP_STATUSES = [
  'divorced', 'living_together', 'married', 'single', 'widowed', 'unmarried',
] as const;
export const TATTOO_OPTIONS = ['none', 'some', 'many'] as const;

/** The niche's featured interests first, then the rest in the spec's order. */
export function interestsFor(featured: readonly string[]): Interest[] {
  const valid = featured.filter((i): i is Interest => (INTERESTS as readonly string[]).includes(i));
  return [...valid, ...INTERESTS.filter((i) => !valid.includes(i))];
}
