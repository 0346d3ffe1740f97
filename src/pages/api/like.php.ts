import { like, likeInputSchema, unlike } from '../../features/likes/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `POST /api/like.php { profile }` (member): `{ liked: true, match }`; liking twice changes nothing. */
export const POST = endpoint({
  member: true,
  body: likeInputSchema,
  handle: ({ ctx, member, input }) => like(ctx, member, input.profile),
});

/** `DELETE /api/like.php { profile }` (member): `{ liked: false }`. */
export const DELETE = endpoint({
  member: true,
  body: likeInputSchema,
  handle: ({ ctx, member, input }) => unlike(ctx, member, input.profile),
});
