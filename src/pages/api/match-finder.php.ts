import { discoveryFieldMessage, findMatches, matchQuerySchema } from '../../features/discovery/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/match-finder.php` (member, docs/api-extensions.md): the profiles that fit the member
 * both ways, best fit first; `after` is the `next` of the previous page.
 */
export const GET = endpoint({
  member: true,
  query: matchQuerySchema,
  fieldMessage: discoveryFieldMessage,
  handle: ({ ctx, member, input }) => findMatches(ctx, member, input.after),
});
