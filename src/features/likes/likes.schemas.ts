import {
  blankIsAbsent,
  cursorParam,
  decodeCursorValues,
  encodeCursorValues,
} from '../../lib/opaque-cursor.ts';
import { z } from '../../lib/zod.ts';
import type { ProfileCard } from '../profiles/index.ts';

/* The likes calls (API.md "Likes and the swipe game"): inputs checked by zod, answers typed. */

/** A profile named by its public id (opaque, never a sequential number). */
export const profileIdSchema = z.string().trim().min(1).max(64);

/** `POST|DELETE /api/like.php`, `POST /api/like-seen.php`: `{ profile }`. */
export const likeInputSchema = z.object({ profile: profileIdSchema });
export type LikeInput = z.infer<typeof likeInputSchema>;

/**
 * A like received: the liker's profile id, whether the member has seen it, whether the member
 * likes the liker too (a match), and the liker's card.
 */
export interface LikedBy {
  id: string;
  like_new: boolean;
  liked_back: boolean;
  profile: ProfileCard;
}

/** A page of each list: the newest this many, then the next page behind the list's cursor. */
export const LIKES_PAGE_SIZE = 100;

/** The three lists of `GET /api/likes.php`, by their names in the answer. */
export const LIKES_LISTS = ['profiles', 'liked_by', 'matches'] as const;
export type LikesList = (typeof LIKES_LISTS)[number];

/** Where a page of a list ended: the like's time (for a match, the later like's) and the profile's id. */
export interface LikesCursor {
  t: number;
  id: string;
}

/* Opaque to clients, as the search's cursor. */
export function encodeLikesCursor(cursor: LikesCursor): string {
  return encodeCursorValues([cursor.t, cursor.id]);
}

export function decodeLikesCursor(text: string): LikesCursor | undefined {
  const value = decodeCursorValues(text);
  if (!value || value.length !== 2) return undefined;
  const [t, id] = value;
  if (!Number.isSafeInteger(t) || typeof id !== 'string' || !/^[0-9a-z]{1,64}$/i.test(id)) return undefined;
  return { t: t as number, id };
}

/**
 * `GET /api/likes.php` query: nothing (the first page of every list), or `list` (that list
 * alone) with `after`, the cursor its previous page answered in `next`.
 */
export const likesQuerySchema = z
  .object({
    list: z.preprocess(blankIsAbsent, z.enum(LIKES_LISTS, { error: 'list_invalid' }).optional()),
    after: cursorParam(decodeLikesCursor),
  })
  .superRefine((input, zctx) => {
    if (input.after && !input.list)
      zctx.addIssue({ code: 'custom', path: ['list'], message: 'list_required' });
  });
export type LikesQuery = z.output<typeof likesQuerySchema>;

/**
 * `GET /api/likes.php`: whom I liked, who liked me, and the mutual likes, newest first, a page
 * of each; `next` holds each list's cursor for its next page (null on its last). Asked for one
 * `list`, the other two are empty with no cursor.
 */
export interface LikesAnswer {
  profiles: ProfileCard[];
  liked_by: LikedBy[];
  matches: ProfileCard[];
  next: Record<LikesList, string | null>;
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
