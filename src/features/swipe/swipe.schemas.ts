import { z } from 'zod';
import { profileIdSchema } from '../likes/index.ts';
import type { ProfileCard } from '../profiles/index.ts';

/* The swipe game's calls (API.md "Likes and the swipe game"). */

/** `POST /api/swipe.php { profile, action }`. */
export const swipeInputSchema = z.object({
  profile: profileIdSchema,
  action: z.enum(['like', 'pass']),
});
export type SwipeInput = z.infer<typeof swipeInputSchema>;

/**
 * Likes left today for a free member; null for a premium member, who swipes without limit (the
 * page says so rather than showing a number).
 */
export type RemainingToday = number | null;

/** `GET /api/swipe.php`. */
export interface SwipeDeck {
  profiles: ProfileCard[];
  remaining_today: RemainingToday;
}

/** `POST /api/swipe.php`. */
export interface SwipeAnswer {
  remaining_today: RemainingToday;
  match: boolean;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/swipe.php': { body: undefined; answer: SwipeDeck };
    'POST /api/swipe.php': { body: SwipeInput; answer: SwipeAnswer };
  }
}
