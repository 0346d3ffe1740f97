export {
  searchMembers,
  searcherOf,
  keptSearch,
  defaultSearch,
  type Searcher,
  type Seeker,
} from './discovery.service.ts';
export {
  searchQuerySchema,
  PAGE_SIZE,
  COUNT_CAP,
  SEARCH_MIN_AGE,
  SEARCH_MAX_AGE,
  type SearchAnswer,
  type SearchFilters,
  type SearchQuery,
} from './discovery.schemas.ts';
export { discoveryFieldMessage } from './discovery.errors.ts';
/* The session's read takes the member's kept filters with it (accounts). */
export { keptFiltersOf } from './discovery.repository.ts';
export { findMatches, type Matcher } from './match-finder.service.ts';
export {
  matchQuerySchema,
  MATCH_PAGE,
  type MatchAnswer,
  type MatchCard,
  type MatchReasons,
} from './match-finder.schemas.ts';
