import { likesOf } from '../../features/likes/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/likes.php` (member): `{ profiles, liked_by, matches }`, newest first. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, member }) => likesOf(ctx, member),
});
