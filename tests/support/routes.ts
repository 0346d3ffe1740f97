/**
 * The public routes the spec lists, written out here rather than read from the product's own
 * catalogs: a route the product forgets must fail a test, not drop out of it.
 */

/** The eleven languages (English has no URL prefix). */
export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];

/** The lander designs, each at `/landers/<name>` (and with a campaign slug after it). */
export const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  'tinderswipe',
];

/** The footer's pages. */
export const FOOTER_PAGES = [
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/ban',
  '/pages/faq',
  '/pages/return-policy',
  '/pages/service',
  '/complaints',
  '/pricing',
];
