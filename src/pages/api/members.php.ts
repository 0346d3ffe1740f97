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
  // A member's search never reads Astro's context (the request's cookies and address are a
  // visitor's affair), so the built server's gateway answers it without Astro (src/app/gateways.ts).
  handle: (call) =>
    searchMembers(
      call.ctx,
      searcherOf(call.member, () => call.context, true),
      call.input,
    ),
});
