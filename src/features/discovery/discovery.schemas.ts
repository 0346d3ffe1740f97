import {
  blankIsAbsent,
  cursorParam,
  decodeCursorValues,
  encodeCursorValues,
} from '../../lib/opaque-cursor.ts';
import { LRUCache } from 'lru-cache';
import { z } from '../../lib/zod.ts';
import type { ProfileCard } from '../profiles/index.ts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from './discovery.constants.ts';

/** Results a page (API.md "Profiles and search"). */
export const PAGE_SIZE = 20;
/** `numResults` is exact up to here; beyond it the answer says 1000 and `numResults_capped`. */
export const COUNT_CAP = 1000;
/** Fewer results than this on the first page bring similar results (relaxed filters). */
export const FEW_RESULTS = 5;
export { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from './discovery.constants.ts';

/** The filters of the spec §3 search store, as the member sets them (all optional). */
export interface SearchFilters {
  gender?: 'male' | 'female' | undefined;
  country?: string | undefined;
  countryregion?: string | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

const age = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ error: 'age_invalid' })
    .int('age_invalid')
    .min(SEARCH_MIN_AGE, 'age_invalid')
    .max(SEARCH_MAX_AGE, 'age_invalid')
    .optional(),
);

/** The filters' own fields (shared by the query and the saved copy). */
const filterFields = {
  gender: z.preprocess(blankIsAbsent, z.enum(['male', 'female'], { error: 'gender_invalid' }).optional()),
  country: z.preprocess(
    (value) => (typeof value === 'string' ? blankIsAbsent(value.trim().toUpperCase()) : value),
    z
      .string({ error: 'country_invalid' })
      .regex(/^[A-Z]{2}$/, 'country_invalid')
      .optional(),
  ),
  countryregion: z.preprocess(
    (value) => (typeof value === 'string' ? blankIsAbsent(value.trim()) : value),
    z.string({ error: 'region_invalid' }).max(100, 'region_invalid').optional(),
  ),
  min_age: age,
  max_age: age,
};

/** The saved filters (JSON in `search_filters`), read back leniently: a bad field is dropped. */
const savedFiltersSchema = z.object(filterFields).catch({});

/*
 * Kept filters read back, by their JSON text. The match finder reads the kept filters of every
 * candidate of its pool (up to 200 a request), and parsing one through the schema costs about
 * 2.6 µs: half a millisecond a request where most candidates have searched. Members share few
 * distinct texts (a gender, a country, an age range), so the answers are kept, frozen, by text.
 */
const keptFiltersRead = new LRUCache<string, { filters: Readonly<SearchFilters> | undefined }>({ max: 4096 });

/** A `search_filters` row's JSON as filters, or undefined where it no longer parses. */
export function readKeptFilters(json: string): Readonly<SearchFilters> | undefined {
  const known = keptFiltersRead.get(json);
  if (known) return known.filters;
  let filters: Readonly<SearchFilters> | undefined;
  try {
    filters = Object.freeze(savedFiltersSchema.parse(JSON.parse(json)));
  } catch {
    // A row that no longer parses is as good as none.
    filters = undefined;
  }
  keptFiltersRead.set(json, { filters });
  return filters;
}

/** What a cursor holds: where the previous page ended, and the count its first page found. */
export interface Cursor {
  /** `last_active_at` of the last result shown. */
  t: number;
  /** Its id. */
  id: string;
  /** What the first page counted (up to `COUNT_CAP` + 1, "more"), so a deep page does not count again. */
  n: number;
}

export function encodeCursor(cursor: Cursor): string {
  return encodeCursorValues([cursor.t, cursor.id, cursor.n]);
}

export function decodeCursor(text: string): Cursor | undefined {
  const value = decodeCursorValues(text);
  if (!value || value.length !== 3) return undefined;
  const [t, id, n] = value;
  if (!Number.isSafeInteger(t) || typeof id !== 'string' || !/^[0-9a-z]{1,40}$/.test(id)) return undefined;
  if (!Number.isSafeInteger(n) || (n as number) < 0 || (n as number) > COUNT_CAP + 1) return undefined;
  return { t: t as number, id, n: n as number };
}

/** `GET /api/members.php`: the filters, a page label and the cursor of the previous page. */
export const searchQuerySchema = z
  .object({
    ...filterFields,
    page: z.preprocess(
      blankIsAbsent,
      z.coerce
        .number({ error: 'page_invalid' })
        .int('page_invalid')
        .min(1, 'page_invalid')
        .max(100_000, 'page_invalid')
        .default(1),
    ),
    after: cursorParam(decodeCursor),
  })
  .superRefine((input, zctx) => {
    if (input.min_age !== undefined && input.max_age !== undefined && input.min_age > input.max_age)
      zctx.addIssue({ code: 'custom', path: ['max_age'], message: 'age_range_invalid' });
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The answer of `GET /api/members.php` (API.md "Profiles and search"). */
export interface SearchAnswer {
  results: ProfileCard[];
  numResults: number;
  numResults_capped: boolean;
  page: number;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
  similar_results: ProfileCard[];
  similar_numResults: number;
}

/** The search calls of the browser's client. */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/members.php': { body: undefined; answer: SearchAnswer };
  }
}
