/**
 * The values of profile fields: the one list that profiles, search, translations and the demo
 * seed share. The spec (§3 Lists) names interests, sexualities, body types and relationship
 * statuses; hair colour, eye colour and tattoos it leaves open, so those keys are ours (short
 * lower-case keys that translations label, e.g. `profile.hair_color.blond`).
 */

/** Interests members can pick, in the spec's order. */
export const INTERESTS = [
  'relationship',
  'onenightstand',
  'kissing',
  'hugging',
  'massages',
  'lingerie',
  'sex',
  'safesex',
  'publicsex',
  'oralsex',
  'analsex',
  'sextoys',
  'masturbating',
  'exchangingpictures',
  'threesome',
  'gangbang',
  'bondage',
  'sadomasochism',
  'gym',
  'sports',
  'dancing',
  'travelling',
  'adventure',
  'party',
  'tattoos',
  'music',
  'movies',
  'videogames',
  'politics',
  'outdoors',
  'gardening',
  'hiking',
  'biking',
  'reading',
  'animals',
  'beach',
  'art',
  'photography',
  'theater',
  'shopping',
  'fashion',
  'astrology',
  'cooking',
  'foodie',
  'bbq',
  'sushi',
  'vegetarian',
  'wine',
  'beer',
  'tea',
  'coffee',
] as const;
export type Interest = (typeof INTERESTS)[number];

export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

export const HAIR_COLORS = ['blond', 'brown', 'black', 'red', 'grey', 'bald'] as const;
export type HairColor = (typeof HAIR_COLORS)[number];

export const EYE_COLORS = ['blue', 'green', 'brown', 'grey', 'hazel'] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const RELATIONSHIP_STATUSES = [
  'divorced',
  'living_together',
  'married',
  'single',
  'widowed',
  'unmarried',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const TATTOOS = ['none', 'few', 'many'] as const;
export type Tattoos = (typeof TATTOOS)[number];

/** The niche's featured interests first, then the rest in the spec's order. */
export function interestsFor(featured: readonly string[]): Interest[] {
  const valid = featured.filter((i): i is Interest => (INTERESTS as readonly string[]).includes(i));
  return [...valid, ...INTERESTS.filter((i) => !valid.includes(i))];
}
