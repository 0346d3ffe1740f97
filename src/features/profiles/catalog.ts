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

/**
 * The interests in groups, as the profile editor and the profile show them: a flat list put
 * "tea" beside practices. `adult` is offered and shown only where the niche is about sex itself
 * (`adult_interests` in the niche file).
 */
export const INTEREST_GROUPS = {
  romance: ['relationship', 'onenightstand', 'kissing', 'hugging', 'massages', 'lingerie'],
  adult: [
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
  ],
  active: [
    'gym',
    'sports',
    'dancing',
    'travelling',
    'adventure',
    'party',
    'outdoors',
    'hiking',
    'biking',
    'beach',
  ],
  culture: [
    'tattoos',
    'music',
    'movies',
    'videogames',
    'politics',
    'gardening',
    'reading',
    'animals',
    'art',
    'photography',
    'theater',
    'shopping',
    'fashion',
    'astrology',
  ],
  food: ['cooking', 'foodie', 'bbq', 'sushi', 'vegetarian', 'wine', 'beer', 'tea', 'coffee'],
} as const satisfies Record<string, readonly Interest[]>;
export type InterestGroup = keyof typeof INTEREST_GROUPS;
export const INTEREST_GROUP_ORDER = Object.keys(INTEREST_GROUPS) as InterestGroup[];

/** The adult interests: about sex itself. */
export const ADULT_INTERESTS: ReadonlySet<Interest> = new Set<Interest>(INTEREST_GROUPS.adult);

/** The group an interest belongs to. */
export function interestGroup(interest: Interest): InterestGroup {
  for (const [group, keys] of Object.entries(INTEREST_GROUPS) as Array<[InterestGroup, readonly Interest[]]>)
    if (keys.includes(interest)) return group;
  return 'culture';
}

/** Whether a site of this niche offers and shows `interest`. */
export function interestShown(interest: string, adultNiche: boolean): boolean {
  return adultNiche || !ADULT_INTERESTS.has(interest as Interest);
}

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
export function interestsFor(featured: readonly string[], adultNiche = true): Interest[] {
  const valid = featured.filter((i): i is Interest => (INTERESTS as readonly string[]).includes(i));
  return [...valid, ...INTERESTS.filter((i) => !valid.includes(i))].filter((i) =>
    interestShown(i, adultNiche),
  );
}
