/*
 * Likes (API.md "Likes and the swipe game"): like and unlike, who liked me with the new flag,
 * matches, the like modal's newest unseen like, and fictional welcome likes where a site enables
 * them. The swipe game and the profile view use these.
 */
export {
  like,
  unlike,
  likesOf,
  autoLike,
  markLikeSeen,
  likeableProfile,
  recordLike,
  announceLike,
  likesToday,
  welcomeLikes,
  type Liker,
} from './likes.service.ts';
export {
  likeInputSchema,
  likesQuerySchema,
  profileIdSchema,
  LIKES_PAGE_SIZE,
  type AutoLike,
  type LikeInput,
  type LikedBy,
  type LikesAnswer,
  type LikesList,
} from './likes.schemas.ts';
export { cardLinks, fictionalLabel } from './likes.labels.ts';
/* The profile view reads the likes between two profiles in the statement that finds the profile. */
export { likeOf } from './likes.repository.ts';
