import { isLocale, LOCALE_NAMES } from '../i18n/locales.ts';

/**
 * The first path segments of the site's own pages: every top-level file and folder of
 * `src/pages` but the index and `[token]` itself. Data rather than a directory listing because
 * the tenant schema also runs where `src/pages` is not at hand (the built server, `npm run
 * tenants -- check` on a deployed copy); campaign-tokens.test.ts compares it with `src/pages`
 * and `public/`, so a new route cannot be left out.
 */
export const SITE_PATH_SEGMENTS: readonly string[] = [
  '404',
  '500',
  'account-deleted',
  'activate',
  'api',
  'appeal',
  // The installed app's icons, manifest, offline page and service worker.
  'app-icons',
  'bench',
  'chats',
  'checkout',
  'complaints',
  'complete-signup',
  // The operator console's routes: not found on a site's host (only on CONSOLE_HOSTS).
  'console',
  'credits',
  'directdebit',
  'landers',
  'lang-config',
  'likes',
  'login',
  'mail-change',
  'manifest.webmanifest',
  'match-finder',
  'media',
  'members',
  'notifications',
  'offline',
  'pages',
  'premium',
  'pricing',
  'profile',
  'reset-password',
  'robots.txt',
  'settings',
  'signup',
  'signup-matches',
  'swipe-game',
  'sw.js',
  'transactions',
  // A notification e-mail's one-click unsubscribe page.
  'unsubscribe',
  'sitemap.xml',
];

/**
 * Why a campaign token cannot be used, or undefined when it can. `/{token}` is the last route
 * tried: locale prefixes and the site's own paths are matched first (src/pages/[token].astro),
 * so a campaign named like one of them would never be reached, or would take a path the site
 * needs the day a page is added there. Every locale counts, not only the site's: `/pl` is a
 * language prefix (a 404) even on a site that does not show Polish.
 */
export function reservedTokenReason(token: string): string | undefined {
  if (isLocale(token)) {
    return `is reserved: /${token}/ is the prefix of the ${LOCALE_NAMES[token]} pages, so the campaign could never be reached; choose another token`;
  }
  if (SITE_PATH_SEGMENTS.includes(token)) {
    return `is reserved: /${token} belongs to the site's own pages, which are matched before campaigns; choose another token`;
  }
  return undefined;
}
