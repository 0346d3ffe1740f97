/**
 * The values of profile fields: the one list that profiles, search, translations and the demo
 * seed share. The spec (§3 Lists) names interests, sexualities, body types and relationship
 * statuses; hair colour, eye colour and tattoos it leaves open, so those keys are ours (short
 * lower-case keys that translations label, e.g. `profile.hair_color.blond`).
 */

/**
 * The groups the profile editor and the profile show interests in: a flat list put "tea"
 * beside practices. `adult` is offered and shown only where the niche is about sex
 * itself (`adult_interests` in the niche file).
 */
export type InterestGroup = 'romance' | 'adult' | 'active' | 'culture' | 'food';

/** Interests members can pick, in the spec's order, each with its group. */
const INTEREST_GROUP_OF = {
  relationship: 'romance',
  onenightstand: 'romance',
  kissing: 'romance',
  hugging: 'romance',
  massages: 'romance',
  lingerie: 'romance',
  sex: 'adult',
  safesex: 'adult',
  publicsex: 'adult',
  oralsex: 'adult',
  analsex: 'adult',
  sextoys: 'adult',
  masturbating: 'adult',
  exchangingpictures: 'adult',
  threesome: 'adult',
  gangbang: 'adult',
  bondage: 'adult',
  sadomasochism: 'adult',
  gym: 'active',
  sports: 'active',
  dancing: 'active',
  travelling: 'active',
  adventure: 'active',
  party: 'active',
  tattoos: 'culture',
  music: 'culture',
  movies: 'culture',
  videogames: 'culture',
  politics: 'culture',
  outdoors: 'active',
  gardening: 'culture',
  hiking: 'active',
  biking: 'active',
  reading: 'culture',
  animals: 'culture',
  beach: 'active',
  art: 'culture',
  photography: 'culture',
  theater: 'culture',
  shopping: 'culture',
  fashion: 'culture',
  astrology: 'culture',
  cooking: 'food',
  foodie: 'food',
  bbq: 'food',
  sushi: 'food',
  vegetarian: 'food',
  wine: 'food',
  beer: 'food',
  tea: 'food',
  coffee: 'food',
} as const satisfies Record<string, InterestGroup>;
export type Interest = keyof typeof INTEREST_GROUP_OF;

/** Interests members can pick, in the spec's order. */
export const INTERESTS = Object.keys(INTEREST_GROUP_OF) as readonly Interest[];

const interestsOf = (group: InterestGroup) => INTERESTS.filter((i) => INTEREST_GROUP_OF[i] === group);

/** The interests of each group, in the spec's order; the groups in the order they are shown. */
export const INTEREST_GROUPS: Record<InterestGroup, readonly Interest[]> = {
  romance: interestsOf('romance'),
  adult: interestsOf('adult'),
  active: interestsOf('active'),
  culture: interestsOf('culture'),
  food: interestsOf('food'),
};
export const INTEREST_GROUP_ORDER = Object.keys(INTEREST_GROUPS) as InterestGroup[];

/** The adult interests: about sex itself. */
export const ADULT_INTERESTS: ReadonlySet<Interest> = new Set<Interest>(INTEREST_GROUPS.adult);

/** The group an interest belongs to. */
export function interestGroup(interest: Interest): InterestGroup {
  return INTEREST_GROUP_OF[interest];
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
