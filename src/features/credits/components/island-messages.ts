import type { MessageKey } from '../../../i18n/index.ts';

/** The words the checkout island uses. */
export const CHECKOUT_MESSAGES: MessageKey[] = [
  'credits.method',
  'credits.code',
  'credits.apply',
  'credits.total',
  'credits.buy',
  'credits.error',
  'credits.code_minimum_order',
];

/** The words of the time-bonus banner. */
export const TIME_BONUS_MESSAGES: MessageKey[] = ['credits.timebonus_banner'];
