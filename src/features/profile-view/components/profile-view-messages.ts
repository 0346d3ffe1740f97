import type { MessageKey } from '../../../i18n/index.ts';
import { REPORT_MESSAGES } from '../../reports/components/report-messages.ts';

/** The messages the profile buttons island uses; the page picks them on the server. */
export const PROFILE_ACTIONS_MESSAGES = [
  'profileview.actions',
  'profileview.message',
  'profileview.message_premium',
  'profileview.limit_reached',
  'profileview.limit_left',
  'profileview.like',
  'profileview.unlike',
  'profileview.gift',
  'profileview.block',
  'profileview.unblock',
  'profileview.block_title',
  'profileview.block_text',
  'profileview.unblock_title',
  'profileview.unblock_text',
  'profileview.cancel',
  'profileview.blocked_notice',
  'profileview.liked_toast',
  'profileview.match',
  'blocks.blocked',
  'blocks.unblocked',
  'error.try_later',
  'toast.close',
  ...REPORT_MESSAGES,
] as const satisfies readonly MessageKey[];
