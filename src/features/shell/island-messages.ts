import type { MessageKey } from '../../i18n/index.ts';

/** The messages the shell's islands receive (see accounts/components/island-messages.ts). */
export const MEMBER_NAV_MESSAGES: MessageKey[] = [
  'membernav.search',
  'membernav.messages',
  'membernav.unread',
  'membernav.likes',
  'membernav.new_likes',
  'membernav.credits',
  'membernav.credits_left',
  'membernav.premium',
  'membernav.account',
  'membernav.profile',
  'membernav.settings',
  'membernav.logout',
  'chat.toast_new',
  'chat.toast_open',
  'pwa.back',
  'error.try_later',
  'toast.close',
];

export const ACTIVATION_REMINDER_MESSAGES: MessageKey[] = [
  'activation.title',
  'activation.text',
  'activation.why',
  'activation.resend',
  'activation.resent',
  'activation.wrong_address',
  'activation.ok',
  'error.try_later',
  'toast.close',
];
