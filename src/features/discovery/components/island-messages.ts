import type { MessageKey } from '../../../i18n/index.ts';
import { REPORT_MESSAGES } from '../../reports/components/report-messages.ts';

/** The messages the search island uses (picked on the server, see `pickMessages`). */
export const SEARCH_MESSAGES = [
  'search.filters',
  'search.gender',
  'search.gender_any',
  'search.gender_male',
  'search.gender_female',
  'search.country',
  'search.country_any',
  'search.region',
  'search.min_age',
  'search.max_age',
  'search.submit',
  'search.searching',
  'search.results_count',
  'search.results_capped',
  'search.show_more',
  'search.loading_more',
  'search.empty',
  'search.similar_title',
  'search.similar_intro',
  'search.reset',
  'search.online',
  'search.error.load',
  'toast.close',
] as const satisfies readonly MessageKey[];

/**
 * The search island's messages for a member, who may report a card: one list for every request,
 * since `pickMessages` keeps each subset by its key list.
 */
export const MEMBER_SEARCH_MESSAGES = [...SEARCH_MESSAGES, ...REPORT_MESSAGES] as const;

/** The messages the match finder island uses. */
export const MATCH_FINDER_MESSAGES = [
  'match.reason_interests',
  'match.reason_near',
  'match.reason_age',
  'match.empty_title',
  'match.empty_body',
  'search.online',
  'search.show_more',
  'search.loading_more',
  'search.error.load',
] as const satisfies readonly MessageKey[];
