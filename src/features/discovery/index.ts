export { searchMembers, searcherOf, savedSearch, defaultSearch, type Searcher } from './discovery.service.ts';
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
