/**
 * The values the seed writes into profile attribute columns. The spec (§3 Lists) names the
 * interests, sexualities, body types and relationship statuses; it leaves hair colour, eye
 * colour and tattoos open, so the keys here are the seed's choice: short lower-case keys that
 * translations can label (`profile.hair_color.blond`, …).
 */

export const INTERESTS = [
  'relationship', 'onenightstand', 'kissing', 'hugging', 'massages', 'lingerie', 'sex', 'safesex',
  'publicsex', 'oralsex', 'analsex', 'sextoys', 'masturbating', 'exchangingpictures', 'threesome',
  'gangbang', 'bondage', 'sadomasochism', 'gym', 'sports', 'dancing', 'travelling', 'adventure',
  'party', 'tattoos', 'music', 'movies', 'videogames', 'politics', 'outdoors', 'gardening', 'hiking',
  'biking', 'reading', 'animals', 'beach', 'art', 'photography', 'theater', 'shopping', 'fashion',
  'astrology', 'cooking', 'foodie', 'bbq', 'sushi', 'vegetarian', 'wine', 'beer', 'tea', 'coffee',
] as const;
export type Interest = (typeof INTERESTS)[number];

/** Interests that are about sex itself: real profiles list them less often than hobbies. */
export const EXPLICIT_INTERESTS: ReadonlySet<Interest> = new Set<Interest>([
  'sex', 'publicsex', 'oralsex', 'analsex', 'sextoys', 'masturbating', 'threesome', 'gangbang',
  'bondage', 'sadomasochism', 'exchangingpictures',
]);

export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

export const HAIR_COLORS = ['blond', 'brown', 'black', 'red', 'grey', 'bald'] as const;
export type HairColor = (typeof HAIR_COLORS)[number];

export const EYE_COLORS = ['blue', 'green', 'brown', 'grey', 'hazel'] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const RELATIONSHIP_STATUSES = [
  'divorced', 'living_together', 'married', 'single', 'widowed', 'unmarried',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const TATTOOS = ['none', 'few', 'many'] as const;
export type Tattoos = (typeof TATTOOS)[number];
