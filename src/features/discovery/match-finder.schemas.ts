import { cursorParam, decodeCursorValues, encodeCursorValues } from '../../lib/opaque-cursor.ts';
import { z } from '../../lib/zod.ts';
import type { ProfileCard } from '../profiles/index.ts';

/** The most recently active profiles that fit both ways which the match finder ranks. */
export const MATCH_POOL = 200;
/** Matches a page. */
export const MATCH_PAGE = 20;

/** Why a profile is a good match, as the card says it (nothing invented: each is a fact). */
export interface MatchReasons {
  /** Interests the two share. */
  shared_interests: number;
  /** How near: the same city, the same region, the same country, or farther. */
  near: 'city' | 'region' | 'country' | null;
  /** The member's age is within what the profile looks for. */
  age_fits: boolean;
}

export interface MatchCard extends ProfileCard {
  reasons: MatchReasons;
}

/** `GET /api/match-finder.php`: the best matches first, a page at a time within the pool. */
export interface MatchAnswer {
  results: MatchCard[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/** A cursor is how many ranked matches earlier pages showed (the ranking is bounded by the pool). */
export function decodeMatchCursor(text: string): number | undefined {
  const values = decodeCursorValues(text);
  const offset = values?.length === 1 ? values[0] : undefined;
  return Number.isSafeInteger(offset) && (offset as number) > 0 && (offset as number) < MATCH_POOL
    ? (offset as number)
    : undefined;
}

export const encodeMatchCursor = (offset: number) => encodeCursorValues([offset]);

export const matchQuerySchema = z.object({ after: cursorParam(decodeMatchCursor) });
export type MatchQuery = z.output<typeof matchQuerySchema>;

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/match-finder.php': { body: undefined; answer: MatchAnswer };
  }
}
