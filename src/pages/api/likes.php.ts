import { likesOf, likesQuerySchema } from '../../features/likes/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/likes.php` (member): `{ profiles, liked_by, matches, next }`, newest first, a page of
 * each; `?list=…&after=…` goes on with one list behind its cursor.
 */
export const GET = endpoint({
  member: true,
  query: likesQuerySchema,
  handle: ({ ctx, member, input }) => likesOf(ctx, member, input),
});
