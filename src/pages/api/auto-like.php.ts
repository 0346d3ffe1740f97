import { autoLike } from '../../features/likes/index.ts';
import { endpoint } from '../../server/endpoint.ts';
import { noContent } from '../../server/http.ts';

/** `GET /api/auto-like.php` (member): the newest unseen like for the like modal, or 204. */
export const GET = endpoint({
  member: true,
  handle: async ({ ctx, member }) => (await autoLike(ctx, member)) ?? noContent(),
});
