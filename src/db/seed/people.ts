import type { Locale } from '../../i18n/locales.ts';
import type { Site } from '../../tenancy/site.ts';
import { type AvatarSpec, avatarIdentity, avatarSpec, photoMood } from './avatars.ts';
import { firstName, loadNameLocales, profileName } from './names.ts';
import { COUNTRY_WEIGHTS, type PlaceIndex, loadPlaces } from './places.ts';
import { Random, deriveSeed } from './random.ts';
import { profileText } from './texts.ts';
import {
  type BodyType,
  EXPLICIT_INTERESTS,
  MEETING_INTERESTS,
  type EyeColor,
  type HairColor,
  INTERESTS,
  type Interest,
  type RelationshipStatus,
  type Sexuality,
  type Tattoos,
} from './vocabulary.ts';

/*
 * Who the demo members are, decided before anything touches the database or the disk: a pure
 * function of (sites, size, seed, now), so tests can compare two runs and the same seed gives
 * the same people on every machine.
 */

export type Gender = 'male' | 'female';
export type Seeking = 'male' | 'female' | 'both';

export interface PlannedPhoto {
  avatar: AvatarSpec;
  locked: boolean;
}

export interface PlannedMember {
  index: number;
  site: Site;
  fictional: boolean;
  name: string;
  gender: Gender;
  seeking: Seeking;
  sexuality: Sexuality;
  birthdate: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  /** The account's interface language: the member's own if the site offers it. */
  language: Locale;
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  relationshipStatus: RelationshipStatus;
  tattoos: Tattoos;
  interests: Interest[];
  text: string | null;
  createdAt: number;
  /** When the activation link was followed: minutes after signing up. */
  confirmedAt: number;
  lastActiveAt: number;
  publicConsent: boolean;
  invisible: boolean;
  private: boolean;
  /** The first is the main photo. */
  photos: PlannedPhoto[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const MIN_AGE = 18;
export const MAX_AGE = 80;
export const FICTIONAL_SHARE = 0.03;

/** Splits `total` over `weights` in whole numbers that add up exactly (largest remainder). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum === 0 ? 0 : (total * w) / sum));
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = order[k]![1];
    out[i] = out[i]! + 1;
  }
  return out;
}

/** 'YYYY-MM-DD' of a birthday that makes the member exactly `age` on the day `now` falls on. */
export function birthdateFor(age: number, now: number, daysBeforeBirthday: number): string {
  const today = new Date(now);
  const anniversary = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate());
  return new Date(anniversary - daysBeforeBirthday * DAY).toISOString().slice(0, 10);
}

export { ageOn } from '../../lib/age.ts';

interface Role {
  gender: Gender;
  seeking: Seeking;
  sexuality: Sexuality;
  ages: [min: number, mode: number, max: number];
  bodyTypes: readonly BodyType[] | null;
}

function sexualityOf(gender: Gender, seeking: Seeking): Sexuality {
  if (seeking === 'both') return 'bi';
  if (seeking === gender) return gender === 'male' ? 'gay' : 'lesbian';
  return 'hetero';
}

function clampAges(site: Site): [number, number] {
  const a = site.nicheConfig.audience;
  const min = Math.max(MIN_AGE, site.limits.minAge, a.min_age);
  return [min, Math.max(min, Math.min(MAX_AGE, a.max_age))];
}

/** A mode that puts most members in their thirties and forties, inside the niche's range. */
function modeFor(min: number, max: number): number {
  if (min >= 50) return Math.min(max, min + 7);
  if (min >= 25) return Math.min(max, min + 12);
  return Math.min(max, 31);
}

/**
 * The kind of person a site's member is. Sites with one audience (gay, bbw, gilf, milf, she)
 * mostly get the people they show; where the shown people seek someone else, a fifth are that
 * someone (the men a bbw site's women look for), as on a real site. Mixed sites get a mixed
 * crowd, mostly heterosexual, with gay, lesbian and bisexual members whose gender and seeking
 * agree with their sexuality.
 */
function roleFor(site: Site, random: Random): Role {
  const a = site.nicheConfig.audience;
  const [min, max] = clampAges(site);
  const ages: Role['ages'] = [min, modeFor(min, max), max];
  const bodyTypes = a.body_types.length > 0 ? (a.body_types as BodyType[]) : null;
  if (a.genders.length === 1 && a.seeking.length === 1) {
    const gender = a.genders[0] as Gender;
    const seeking = a.seeking[0] as Gender;
    if (seeking !== gender && random.chance(0.2)) {
      const lo = Math.max(MIN_AGE, site.limits.minAge, 20);
      return {
        gender: seeking,
        seeking: gender,
        sexuality: 'hetero',
        ages: [lo, Math.max(lo, Math.min(MAX_AGE, min >= 50 ? 58 : 38)), MAX_AGE],
        bodyTypes: null,
      };
    }
    return { gender, seeking, sexuality: sexualityOf(gender, seeking), ages, bodyTypes };
  }
  const gender: Gender = random.chance(0.55) ? 'female' : 'male';
  const other: Gender = gender === 'male' ? 'female' : 'male';
  const seeking = random.weighted<Seeking>([
    [other, 84],
    [gender, 8],
    ['both', 8],
  ]);
  return { gender, seeking, sexuality: sexualityOf(gender, seeking), ages, bodyTypes };
}

const NORDIC = new Set(['DK', 'NO', 'SE', 'FI']);
const SOUTH = new Set(['IT', 'ES', 'FR', 'MX']);

/** Where hair and eye colours are drawn from: the Nordic countries, the southern ones, or elsewhere. */
type Looks = 'nordic' | 'south' | 'elsewhere';

function looksOf(country: string): Looks {
  return NORDIC.has(country) ? 'nordic' : SOUTH.has(country) ? 'south' : 'elsewhere';
}

/** Hair colours (beside bald and grey, which go by age) and their weights. */
const HAIR: Record<Looks, ReadonlyArray<readonly [HairColor, number]>> = {
  nordic: [
    ['blond', 50],
    ['brown', 35],
    ['black', 5],
    ['red', 10],
  ],
  south: [
    ['blond', 10],
    ['brown', 50],
    ['black', 35],
    ['red', 5],
  ],
  elsewhere: [
    ['blond', 30],
    ['brown', 45],
    ['black', 17],
    ['red', 8],
  ],
};

const EYES: Record<Looks, ReadonlyArray<readonly [EyeColor, number]>> = {
  nordic: [
    ['blue', 55],
    ['green', 15],
    ['brown', 10],
    ['grey', 12],
    ['hazel', 8],
  ],
  south: [
    ['blue', 12],
    ['green', 13],
    ['brown', 55],
    ['grey', 5],
    ['hazel', 15],
  ],
  elsewhere: [
    ['blue', 35],
    ['green', 17],
    ['brown', 30],
    ['grey', 8],
    ['hazel', 10],
  ],
};

function hairFor(random: Random, gender: Gender, age: number, country: string): HairColor {
  if (gender === 'male' && random.chance(age >= 40 ? 0.12 : 0.04)) return 'bald';
  if (random.chance(age >= 65 ? 0.6 : age >= 50 ? 0.3 : age >= 40 ? 0.08 : 0)) return 'grey';
  return random.weighted(HAIR[looksOf(country)]);
}

function eyesFor(random: Random, country: string): EyeColor {
  return random.weighted(EYES[looksOf(country)]);
}

function relationshipFor(random: Random, age: number): RelationshipStatus {
  return random.weighted<RelationshipStatus>([
    ['single', age < 30 ? 70 : 45],
    ['divorced', age < 30 ? 2 : age < 45 ? 18 : 25],
    ['unmarried', 10],
    ['widowed', age >= 65 ? 25 : age >= 50 ? 6 : 0.5],
    ['living_together', 4],
    ['married', 5],
  ]);
}

function tattoosFor(random: Random, age: number): Tattoos {
  return age < 40
    ? random.weighted<Tattoos>([
        ['none', 50],
        ['few', 37],
        ['many', 13],
      ])
    : random.weighted<Tattoos>([
        ['none', 72],
        ['few', 24],
        ['many', 4],
      ]);
}

/** A profile's interests; an operator-run profile's none that speak of meeting (`MEETING_INTERESTS`). */
function interestsFor(random: Random, site: Site, fictional: boolean): Interest[] {
  const featured = new Set(site.nicheConfig.featured_interests);
  const kinky = site.niche === 'bdsm';
  const offered = fictional ? INTERESTS.filter((interest) => !MEETING_INTERESTS.has(interest)) : INTERESTS;
  const weights = offered.map((interest) => {
    let w = 1;
    if (featured.has(interest)) w *= 5;
    if (EXPLICIT_INTERESTS.has(interest) && !featured.has(interest)) w *= kinky ? 1.5 : 0.35;
    return [interest, w] as const;
  });
  return random.sampleWeighted(weights, random.int(3, 8));
}

/** Last seen: a few online right now, many today, the rest over the last month. */
function lastActiveFor(random: Random, now: number): number {
  const bucket = random.weighted([
    ['online', 8],
    ['today', 22],
    ['week', 35],
    ['month', 35],
  ] as const);
  switch (bucket) {
    case 'online':
      return now - random.int(0, 4 * MINUTE + 30_000);
    case 'today':
      return now - random.int(5 * MINUTE + 1, DAY);
    case 'week':
      return now - random.int(DAY + 1, 7 * DAY);
    case 'month':
      return now - random.int(7 * DAY + 1, 30 * DAY);
  }
}

function countryFor(random: Random, site: Site): string {
  return random.weighted(site.countries.map((c) => [c, COUNTRY_WEIGHTS[c] ?? 2] as const));
}

/** Which member indexes are operator profiles: evenly spread, at least one in any seed. */
function fictionalIndexes(size: number): Set<number> {
  const count = Math.max(1, Math.round(size * FICTIONAL_SHARE));
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.floor(((k + 0.5) * size) / count));
  return out;
}

/** Reads what planning needs for these sites: their countries' towns and first names. */
export async function loadPlanData(sites: Site[]): Promise<PlaceIndex> {
  const places = await loadPlaces(sites.flatMap((s) => s.countries));
  await loadNameLocales(places.fakerLocales());
  return places;
}

export interface PlanOptions {
  sites: Site[];
  size: number;
  seed: number;
  now: number;
  places: PlaceIndex;
}

/**
 * Every site gets an equal share of the members, so each network's pool grows with its sites
 * and each site's niche has its own people to show.
 */
export function planMembers({ sites, size, seed, now, places }: PlanOptions): PlannedMember[] {
  const ordered = [...sites].sort((a, b) => a.id.localeCompare(b.id));
  const shares = apportion(
    size,
    ordered.map(() => 1),
  );
  const fictional = fictionalIndexes(size);
  const members: PlannedMember[] = [];
  let index = 0;
  ordered.forEach((site, s) => {
    const ofSite: PlannedMember[] = [];
    for (let k = 0; k < shares[s]!; k++, index++) {
      ofSite.push(planMember(site, index, seed, now, places, fictional.has(index)));
    }
    members.push(...typicalMembersFirst(site, ofSite));
  });
  return members;
}

/**
 * A site's members with the ones its niche is made for (who sign up by default: on a bbw site,
 * men seeking women) first among the real members, each group in its planned order; operator-run
 * profiles keep their places. Demo accounts are numbered in this order, so `demo+<site>-1`, the
 * account the README offers, searches, swipes and is liked as the site's usual member does,
 * where the first planned member could be one of the people the site shows, to whom it shows
 * people of their own kind.
 */
function typicalMembersFirst(site: Site, ofSite: PlannedMember[]): PlannedMember[] {
  const usual = site.nicheConfig.signup_defaults;
  const typical = (m: PlannedMember) => m.gender === usual.gender && m.seeking === usual.seeking;
  const real = ofSite.filter((m) => !m.fictional);
  const inOrder = [...real.filter(typical), ...real.filter((m) => !typical(m))];
  let next = 0;
  return ofSite.map((m) => (m.fictional ? m : inOrder[next++]!));
}

function planMember(
  site: Site,
  index: number,
  seed: number,
  now: number,
  places: PlaceIndex,
  fictional: boolean,
): PlannedMember {
  const memberSeed = deriveSeed(seed, index);
  const random = new Random(memberSeed);
  const role = roleFor(site, random);
  const age = Math.min(
    role.ages[2],
    Math.max(role.ages[0], Math.floor(random.triangular(role.ages[0], role.ages[1], role.ages[2] + 1))),
  );
  const birthdate = birthdateFor(age, now, random.int(0, 364));
  const place = places.pick(random, countryFor(random, site));
  const first = firstName(place.fakerLocale, role.gender, deriveSeed(memberSeed, 1));
  const name = profileName(random, first, Number(birthdate.slice(0, 4)));
  const hairColor = hairFor(random, role.gender, age, place.country);
  const bodyType = role.bodyTypes
    ? random.pick(role.bodyTypes)
    : random.weighted<BodyType>([
        ['slim', age >= 55 ? 18 : 30],
        ['normal', 50],
        ['fat', age >= 55 ? 32 : 20],
      ]);
  const lastActiveAt = lastActiveFor(random, now);
  const createdAt = Math.min(lastActiveAt, now - random.int(1, 720) * DAY + random.int(0, DAY));
  const confirmedAt = Math.min(lastActiveAt, createdAt + random.int(2, 90) * MINUTE);
  // A few members hide: most of them fully (invisible), some only from strangers (private).
  const hidden = !fictional && random.chance(0.05);
  const invisible = hidden && random.chance(0.6);
  const style = site.nicheConfig.imagery.avatar_style;
  const identity = avatarIdentity(style, { gender: role.gender, hair: hairColor, age }, random);
  const photoCount = random.chance(0.3) ? random.int(2, 4) : 1;
  const photos: PlannedPhoto[] = [];
  for (let p = 0; p < photoCount; p++) {
    photos.push({
      avatar: avatarSpec(style, `${seed}-${index}-${p}`, identity, photoMood(style, role.gender, random)),
      locked: p > 0 && random.chance(0.5),
    });
  }
  return {
    index,
    site,
    fictional,
    name,
    gender: role.gender,
    seeking: role.seeking,
    sexuality: role.sexuality,
    birthdate,
    age,
    country: place.country,
    region: place.region,
    city: place.city,
    language: site.locales.includes(place.language)
      ? place.language
      : (site.domainLocale ?? site.locales[0] ?? 'en'),
    hairColor,
    eyeColor: eyesFor(random, place.country),
    bodyType,
    relationshipStatus: relationshipFor(random, age),
    tattoos: tattoosFor(random, age),
    interests: interestsFor(random, site, fictional),
    text: profileText(random, place.language, {
      name: first,
      city: place.city,
      gender: role.gender,
      seeking: role.seeking,
      fictional,
    }),
    createdAt,
    confirmedAt,
    lastActiveAt,
    publicConsent: random.chance(0.6),
    invisible,
    private: hidden && !invisible,
    photos,
  };
}
