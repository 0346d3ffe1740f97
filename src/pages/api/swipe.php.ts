import { swipe, swipeDeck, swipeInputSchema } from '../../features/swipe/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/swipe.php` (member): `{ profiles, remaining_today }`. */
export const GET = endpoint({
  member: true,
  handle: ({ ctx, member }) => swipeDeck(ctx, member),
});

/** `POST /api/swipe.php { profile, action }` (member): `{ remaining_today, match }`; 403 `swipe_limit_reached`. */
export const POST = endpoint({
  member: true,
  body: swipeInputSchema,
  handle: ({ ctx, member, input }) => swipe(ctx, member, input),
});
