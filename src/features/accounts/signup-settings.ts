import type { AstroCookies } from 'astro';
import type { Locale } from '../../i18n/locales.ts';
import { serviceContext } from '../../server/context.ts';
import { localePath } from '../../server/request.ts';
import type { Site } from '../../tenancy/site.ts';
import { hasTrafficSource, TRACKING_COOKIE } from '../tracking/index.ts';
import type { Gender, Seeking } from './accounts.schemas.ts';

/**
 * What the signup form needs to know about the site, computed on the server and passed to the
 * island as a prop (no site configuration is fetched by the browser, none leaks: invite codes
 * stay on the server, only whether a code is needed goes out).
 */

/** Who may sign up right now (the site's `signups` setting, spec §3 and §5). */
export type SignupAvailability =
  /** `all`, or `with_trafficsource` for a visitor who came through a partner. */
  | 'open'
  /** `invite`: a valid code is needed. */
  | 'invite'
  /** `with_trafficsource` without a stored or query `network`. */
  | 'partners_only'
  | 'closed';

export interface SignupSettings {
  siteName: string;
  minAge: number;
  availability: SignupAvailability;
  /** The niche's defaults (a gay site: a man seeking men). */
  defaults: { gender: Gender; seeking: Seeking };
  /** The twelve month names in the page's language, for the date of birth. */
  months: string[];
  /** A code from the link the visitor followed (`?invite=`). */
  invite?: string;
  /**
   * The profile the visitor came from (`/members/{id}/signup` and the other profile landers, or
   * `/signup?profile=` without script): signup sends it as `profile`, so the signup message goes
   * to that member and activation leads there.
   */
  profile?: string;
  links: { complete: string; login: string; terms: string; privacy: string };
}

/** A public profile id as signup accepts it (accounts.schemas.ts). */
const PROFILE_ID = /^[0-9a-z]{16}$/;

export function signupAvailability(signups: Site['signups'], hasTrafficSource: boolean): SignupAvailability {
  switch (signups) {
    case 'all':
      return 'open';
    case 'invite':
      return 'invite';
    case 'with_trafficsource':
      return hasTrafficSource ? 'open' : 'partners_only';
    default:
      return 'closed';
  }
}

/** Month names as the page's language writes them standing alone ("März", "marzo"). */
export function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 15)));
}

export function signupSettings(
  site: Site,
  locale: Locale,
  options: {
    hasTrafficSource: boolean;
    invite?: string | null | undefined;
    profile?: string | null | undefined;
  },
): SignupSettings {
  const invite = options.invite?.trim().slice(0, 64);
  const profile = options.profile && PROFILE_ID.test(options.profile) ? options.profile : undefined;
  return {
    siteName: site.name,
    minAge: site.limits.minAge,
    availability: signupAvailability(site.signups, options.hasTrafficSource),
    defaults: {
      gender: site.nicheConfig.signup_defaults.gender,
      seeking: site.nicheConfig.signup_defaults.seeking,
    },
    months: monthNames(locale),
    ...(invite ? { invite } : {}),
    ...(profile ? { profile } : {}),
    links: {
      complete: localePath(locale, '/complete-signup'),
      login: localePath(locale, '/login'),
      terms: localePath(locale, '/pages/terms'),
      privacy: localePath(locale, '/pages/privacy'),
    },
  };
}

/**
 * The settings of the signup form on this request: the site's, the visitor's traffic source,
 * and the profile the visitor signs up from (a profile lander names it; `?profile=` otherwise).
 */
export async function loadSignupSettings(
  locals: App.Locals,
  cookies: AstroCookies,
  url: URL,
  profile?: string,
): Promise<SignupSettings> {
  const { site, locale } = locals;
  const needsSource = site.signups === 'with_trafficsource';
  const fromPartner =
    needsSource &&
    (await hasTrafficSource(
      serviceContext(locals),
      cookies.get(TRACKING_COOKIE)?.value,
      url.searchParams.get('network') ?? undefined,
    ));
  return signupSettings(site, locale, {
    hasTrafficSource: fromPartner,
    invite: url.searchParams.get('invite'),
    profile: profile ?? url.searchParams.get('profile'),
  });
}
