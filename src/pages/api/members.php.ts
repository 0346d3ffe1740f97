import {
  discoveryFieldMessage,
  searcherOf,
  searchMembers,
  searchQuerySchema,
} from '../../features/discovery/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/members.php` (API.md "Profiles and search"): members see whom the visibility rule
 * lets them see; visitors only where the site's `logged_out_search` allows.
 */
export const GET = endpoint({
  query: searchQuerySchema,
  fieldMessage: discoveryFieldMessage,
  handle: ({ ctx, member, input, context }) => searchMembers(ctx, searcherOf(member, context, true), input),
});
