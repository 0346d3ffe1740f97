/**
 * The member's own profile as the editor reads and writes it (`GET`/`PUT /api/profile.php`),
 * and the lists it offers (`interests.php`, `regions.php`, `geocode.php`). Shared by the
 * server's endpoints and the browser's editor, so both name a problem with the same field code.
 *
 * Browser-safe: no server imports here (the site's countries and each country's regions are
 * handed in by the caller, so country-region-data stays on the server).
 */
import type { ProfileDetails } from '../../db/database.ts';
import { z } from '../../lib/zod.ts';
import { CONTROL_CHARACTERS, plainLine, plainLines } from '../../lib/plain-text.ts';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
  type Interest,
  type InterestGroup,
} from './catalog.ts';
import {
  CITY_MAX_LENGTH,
  INTERESTS_MAX,
  SEEKING_CHOICES,
  TEXT_MAX_LENGTH,
} from './profiles.editing.constants.ts';

export {
  ATTRIBUTE_CHOICES,
  ATTRIBUTE_NAMES,
  CITY_MAX_LENGTH,
  INTERESTS_MAX,
  SEEKING_CHOICES,
  TEXT_MAX_LENGTH,
  type AttributeName,
} from './profiles.editing.constants.ts';

/** The field codes a 422 of `PUT /api/profile.php` may carry (each has a `profile.error.*` message). */
export const PROFILE_FIELD_CODES = [
  'required',
  'invalid',
  'invalid_choice',
  'interest_invalid',
  'too_many_interests',
  'country_invalid',
  'country_required',
  'region_invalid',
  'city_too_long',
  'text_too_long',
  CONTROL_CHARACTERS,
] as const;
export type ProfileFieldCode = (typeof PROFILE_FIELD_CODES)[number];

export interface ProfileInputRules {
  /** The site's countries (settings `countries`). */
  countries: readonly string[];
  /** The region codes of a country (country-region-data). */
  regionCodes: (country: string) => readonly string[];
}

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'invalid_choice' }).nullable().optional();

/** Blank text means "nothing said". */
const blankIsNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

/**
 * Free text, trimmed, blank as `null`: at most `max` characters once trimmed. Before the trim a
 * looser cap (`slack` times `max`) turns away a body far too long without working on it. No
 * control characters or bidi overrides; a text with `lines` keeps its line breaks and tabs.
 */
const trimmedText = (max: number, slack: number, tooLong: string, lines: boolean) =>
  z
    .string({ error: 'invalid' })
    .max(max * slack, tooLong)
    .refine(lines ? plainLines : plainLine, { message: CONTROL_CHARACTERS, abort: true })
    .nullable()
    .optional()
    .transform(blankIsNull)
    .refine((value) => !value || value.length <= max, tooLong);

/**
 * `PUT /api/profile.php`. Every field is optional: one left out stays as it is, `null` clears
 * an attribute. `interests` replaces the whole list. Country, region and city are one location:
 * with `country`, a region or city left out is cleared (a region of the old country would be
 * wrong), and a region or city needs its country beside it.
 */
export function profileInputSchema(rules: ProfileInputRules) {
  return z
    .strictObject({
      seeking: z.enum(SEEKING_CHOICES, { error: 'invalid_choice' }).optional(),
      sexuality: choice(SEXUALITIES),
      hair_color: choice(HAIR_COLORS),
      eye_color: choice(EYE_COLORS),
      body_type: choice(BODY_TYPES),
      relationship_status: choice(RELATIONSHIP_STATUSES),
      tattoos: choice(TATTOOS),
      interests: z
        .array(z.enum(INTERESTS, { error: 'interest_invalid' }), { error: 'invalid' })
        .max(INTERESTS_MAX, 'too_many_interests')
        .transform((list) => [...new Set(list)])
        .optional(),
      country: z
        .string({ error: 'country_invalid' })
        .refine((c) => rules.countries.includes(c), 'country_invalid')
        .optional(),
      region: z.string({ error: 'region_invalid' }).max(16, 'region_invalid').nullable().optional(),
      city: trimmedText(CITY_MAX_LENGTH, 4, 'city_too_long', false),
      text: trimmedText(TEXT_MAX_LENGTH, 2, 'text_too_long', true),
    })
    .superRefine((input, ctx) => {
      const placed = (input.region !== undefined && input.region !== null) || !!input.city;
      if (input.country === undefined) {
        if (placed) ctx.addIssue({ code: 'custom', path: ['country'], message: 'country_required' });
        return;
      }
      if (input.region && !rules.regionCodes(input.country).includes(input.region))
        ctx.addIssue({ code: 'custom', path: ['region'], message: 'region_invalid' });
    });
}
/** Every key may be missing (a field left out stays as it is). */
export type ProfileInput = Partial<z.output<ReturnType<typeof profileInputSchema>>>;
/** What the editor sends (the fields as chosen; the server checks them again). */
export type ProfileBody = z.input<ReturnType<typeof profileInputSchema>>;

/** The member's own profile, as the editor shows it: the details (sexuality … tattoos) as stored. */
export interface OwnProfile extends ProfileDetails {
  id: string;
  name: string;
  gender: 'male' | 'female';
  seeking: (typeof SEEKING_CHOICES)[number];
  birthdate: string;
  age: number;
  interests: Interest[];
  country: string;
  region: string | null;
  city: string | null;
  text: string | null;
  /**
   * A changed text held back until a moderator approves it (`text_moderation: pre`): others see
   * `text` meanwhile. Null when nothing waits.
   */
  text_pending?: string | null;
  /** The main photo (the owner sees it whatever its moderation status), or null. */
  main_image: { filename: string; thumb_filename: string; match: string; status: string } | null;
}

/** What a profile still lacks for others to find it worth a look (the "enrich profile" alert). */
export interface ProfileGaps {
  photo: boolean;
  interests: boolean;
  text: boolean;
}

export interface InterestOption {
  key: Interest;
  label: string;
  /** Where the editor lists it (src/features/profiles/catalog.ts, INTEREST_GROUPS). */
  group: InterestGroup;
}

export interface CountryRegionList {
  /** What the country calls its regions (province, state, county, canton, region, voivodeship). */
  type: string;
  /** That word in the request's language. */
  label: string;
  regions: Array<{ code: string; name: string }>;
}

/** `GET /api/regions.php?country=XX`: by country, the site's countries (or the one asked for). */
export function regionsQuerySchema(countries: readonly string[]) {
  return z.strictObject({
    country: z
      .string({ error: 'country_invalid' })
      .refine((c) => countries.includes(c), 'country_invalid')
      .optional(),
  });
}

const coordinate = (limit: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'coordinate_invalid')
    .transform(Number)
    .refine((n) => Math.abs(n) <= limit, 'coordinate_invalid');

/** `GET /api/geocode.php?lat=..&lon=..`: decimal degrees. */
export const geocodeQuerySchema = z.strictObject({ lat: coordinate(90), lon: coordinate(180) });

export interface GeocodeAnswer {
  country: string | null;
  region: string | null;
  city: string | null;
  /** Whether the site serves that country (a profile can only be placed in one it does). */
  served: boolean;
}

/** The profile editor's calls of the browser's client (API.md "Profiles and search"). */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/profile.php': { body: undefined; answer: { profile: OwnProfile } };
    'PUT /api/profile.php': { body: ProfileBody; answer: { profile: OwnProfile } };
    'GET /api/interests.php': { body: undefined; answer: { interests: InterestOption[] } };
    'GET /api/regions.php': { body: undefined; answer: { regions: Record<string, CountryRegionList> } };
    'GET /api/geocode.php': { body: undefined; answer: GeocodeAnswer };
  }
}
