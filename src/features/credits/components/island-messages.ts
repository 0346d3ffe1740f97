import type { MessageKey } from '../../../i18n/index.ts';

/** The words the checkout island uses. */
export const CHECKOUT_MESSAGES: MessageKey[] = [
  'credits.method',
  'credits.code',
  'credits.apply',
  'credits.total',
  'credits.error',
  'credits.price',
  'credits.discount_line',
  'credits.discount_time_bonus',
  'credits.discount_welcome',
  'credits.bonus_ends',
  'credits.then_total',
  'credits.then_full',
  'credits.buy_total',
];

/** The words of the credits page's offer: the bundles, the balance and a time bonus that ends. */
export const CREDITS_OFFER_MESSAGES: MessageKey[] = [
  'credits.timebonus_banner',
  'credits.then_welcome',
  'credits.then_regular',
  'credits.timebonus_ended',
  'credits.welcome_banner',
  'credits.bundle_credits',
  'credits.popular',
  'credits.choose',
  'credits.balance',
];
