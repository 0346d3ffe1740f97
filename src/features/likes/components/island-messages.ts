import type { MessageKey } from '../../../i18n/index.ts';
import { REPORT_MESSAGES } from '../../reports/components/report-messages.ts';
import { MATCH_MESSAGES } from './MatchCelebration.tsx';

/* The messages each likes island receives (pickMessages on the page). */

export const LIKES_LIST_MESSAGES: MessageKey[] = [
  ...MATCH_MESSAGES,
  ...REPORT_MESSAGES,
  'likes.new',
  'likes.tabs',
  'likes.tab_received',
  'likes.tab_sent',
  'likes.tab_matches',
  'likes.photo_alt',
  'likes.like_back',
  'likes.unlike',
  'likes.empty_received',
  'likes.empty_sent',
  'likes.empty_matches',
  'likes.find',
  'likes.swipe',
  'likes.load_more',
  'likes.loading_more',
  'likes.message',
  'error.try_later',
  'toast.close',
];

export const AUTO_LIKE_MESSAGES: MessageKey[] = [
  'likes.modal_title',
  'likes.modal_body',
  'likes.modal_chat',
  'likes.modal_profile',
  'likes.close',
];
