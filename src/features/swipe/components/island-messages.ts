import type { MessageKey } from '../../../i18n/index.ts';
import { MATCH_MESSAGES } from '../../likes/components/MatchCelebration.tsx';

/** The messages the swipe game island receives. */
export const SWIPE_MESSAGES: MessageKey[] = [
  ...MATCH_MESSAGES,
  'swipe.unlimited',
  'swipe.remaining',
  'swipe.limit_title',
  'swipe.limit_body',
  'swipe.premium',
  'swipe.label',
  'swipe.empty_title',
  'swipe.empty_body',
  'swipe.search',
  'swipe.pass',
  'swipe.like',
  'swipe.keys',
  'swipe.stamp_like',
  'swipe.stamp_nope',
  'swipe.liked',
  'swipe.passed',
  'error.try_later',
  'toast.close',
];
