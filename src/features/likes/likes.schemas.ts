import { z } from 'zod';
import type { ProfileCard } from '../profiles/index.ts';

/* The likes calls (API.md "Likes and the swipe game"): inputs checked by zod, answers typed. */

/** A profile named by its public id (opaque, never a sequential number). */
export const profileIdSchema = z.string().trim().min(1).max(64);

/** `POST|DELETE /api/like.php`, `POST /api/like-seen.php`: `{ profile }`. */
export const likeInputSchema = z.object({ profile: profileIdSchema });
export type LikeInput = z.infer<typeof likeInputSchema>;

/** A like received: the liker's profile id, whether the member has seen it, and the liker's card. */
export interface LikedBy {
  id: string;
  like_new: boolean;
  profile: ProfileCard;
}

/** `GET /api/likes.php`: whom I liked, who liked me, and the mutual likes, newest first. */
export interface LikesAnswer {
  profiles: ProfileCard[];
  liked_by: LikedBy[];
  matches: ProfileCard[];
}

/** `GET /api/auto-like.php`: the newest unseen like (the like modal's profile, spec §3). */
export interface AutoLike {
  profile: {
    id: string;
    name: string;
    main_image: { match: string };
    fictional: boolean;
  };
}

/** The likes calls of the browser's client. */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/likes.php': { body: undefined; answer: LikesAnswer };
    'POST /api/like.php': { body: LikeInput; answer: { liked: true; match: boolean } };
    'DELETE /api/like.php': { body: LikeInput; answer: { liked: false } };
    'POST /api/like-seen.php': { body: LikeInput; answer: { ok: true } };
    /** Empty (204) when no like waits. */
    'GET /api/auto-like.php': { body: undefined; answer: AutoLike | undefined };
  }
}
