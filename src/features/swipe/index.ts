/* The swipe game (spec §2 swipe-game, §6: 4 likes a day for free members, in their own day). */
export { swipe, swipeDeck, type Swiper } from './swipe.service.ts';
export { startOfDay } from '../../lib/member-day.ts';
export {
  swipeInputSchema,
  type RemainingToday,
  type SwipeAnswer,
  type SwipeDeck,
  type SwipeInput,
} from './swipe.schemas.ts';
