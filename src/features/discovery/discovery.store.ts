import { atom } from 'nanostores';
import { api } from '../../lib/api-client.ts';
import type { ProfileCard } from '../profiles/index.ts';
import type { SearchAnswer, SearchFilters } from './discovery.schemas.ts';

/*
 * The search store of spec §3, browser only: on the server a module-level store would be shared
 * by every request and site, so the page hands its first page to the island as props and the
 * island seeds this store from them (`seedSearch`).
 */

export interface SearchPage {
  pageNumber: number;
  results: ProfileCard[];
}

export interface SearchState extends SearchFilters {
  /** Whether the store holds a search yet (the page's props or a fetch). */
  didInit: boolean;
  /** The pages loaded so far, in order ("show more" appends one). */
  results: SearchPage[];
  numResults: number;
  numResults_capped: boolean;
  /** The cursor of the next page; null when there is none. */
  next: string | null;
  similar_results: ProfileCard[];
  similar_numResults: number;
  /** A search or a further page is on its way. */
  loading: 'search' | 'more' | false;
}

const EMPTY: SearchState = {
  didInit: false,
  results: [],
  numResults: 0,
  numResults_capped: false,
  next: null,
  similar_results: [],
  similar_numResults: 0,
  loading: false,
};

export const $search = atom<SearchState>(EMPTY);

/** The store as an answer of the server for `filters` makes it (page 1). */
export function stateOf(filters: SearchFilters, answer: SearchAnswer): SearchState {
  return {
    ...filters,
    didInit: true,
    results: [{ pageNumber: answer.page, results: answer.results }],
    numResults: answer.numResults,
    numResults_capped: answer.numResults_capped,
    next: answer.next,
    similar_results: answer.similar_results,
    similar_numResults: answer.similar_numResults,
    loading: false,
  };
}

/** Takes the page's first results, unless the store already holds a newer search. */
export function seedSearch(filters: SearchFilters, answer: SearchAnswer): void {
  if ($search.get().didInit) return;
  $search.set(stateOf(filters, answer));
}

function query(filters: SearchFilters): Record<string, string | number | undefined> {
  return {
    gender: filters.gender,
    country: filters.country,
    countryregion: filters.countryregion,
    min_age: filters.min_age,
    max_age: filters.max_age,
  };
}

/** A new search: replaces the results with the first page for `filters`. */
export async function search(filters: SearchFilters): Promise<void> {
  $search.set({ ...$search.get(), ...filters, loading: 'search' });
  try {
    const answer = await api('GET /api/members.php', undefined, { query: query(filters) });
    $search.set(stateOf(filters, answer));
  } finally {
    if ($search.get().loading) $search.set({ ...$search.get(), loading: false });
  }
}

/** "Show more": the next page behind the cursor, appended. */
export async function loadMore(): Promise<void> {
  const state = $search.get();
  if (!state.next || state.loading) return;
  $search.set({ ...state, loading: 'more' });
  const pageNumber = (state.results.at(-1)?.pageNumber ?? 0) + 1;
  try {
    const answer = await api('GET /api/members.php', undefined, {
      query: { ...query(state), page: pageNumber, after: state.next },
    });
    const current = $search.get();
    $search.set({
      ...current,
      results: [...current.results, { pageNumber, results: answer.results }],
      next: answer.next,
      loading: false,
    });
  } finally {
    if ($search.get().loading) $search.set({ ...$search.get(), loading: false });
  }
}
