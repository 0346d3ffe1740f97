import { interestsFor } from '../features/profiles/catalog.ts';
import { isMessageKey, type Translate } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { nicheNumber } from './niche.schema.ts';
import { regionsOf } from './regions.ts';
import { minimumMessageCosts, type Site, type TextSource } from './site.ts';

/** Resolves a site text for a locale: the site's own words, or a platform message. */
export function resolveText(
  source: TextSource,
  locale: Locale,
  t: Translate,
  vars: Record<string, string | number>,
): string {
  if ('message' in source) return isMessageKey(source.message) ? t(source.message, vars) : source.message;
  const text = source.text;
  if (typeof text === 'string') return text;
  return text[locale] ?? text.en ?? '';
}

/** What of a site marks a fictional profile's name. */
export type MarkingSite = Pick<Site, 'name' | 'fictionalIcon' | 'fictionalSingular'>;

/**
 * A profile's name as a text names it outside the page that shows its label and warning (an
 * e-mail, a push, the page's title): a profile the operator runs carries the site's icon and its
 * word for such a profile ("Chase 🎭 (fictional profile)"), the word for where the icon has no font.
 */
export function markedName(
  site: MarkingSite,
  locale: Locale,
  t: Translate,
  profile: { name: string; fictional: boolean },
): string {
  if (!profile.fictional) return profile.name;
  const label = resolveText(site.fictionalSingular, locale, t, { name: site.name });
  return t('fictional.named', { name: profile.name, icon: site.fictionalIcon, label });
}

export interface RequestFacts {
  /** The host the settings were asked for (`settings.domain`). */
  domain: string;
  /** The visitor's country from the trusted proxy, or null when unknown. */
  geoipCountry: string | null;
  /** The country used for prices and defaults: the visitor's when the site serves it. */
  selectedCountry: string;
  /** The site's VAPID public key (derived from the app secret). */
  pushPublicKey: string;
}

/**
 * The public settings of a site (API.md `GET /api/settings.php`, spec §3 Settings): every field
 * the browser may know, nothing secret (no invite codes, no campaign parameters, no keys but the
 * public push key).
 */
export function publicSettings(site: Site, locale: Locale, t: Translate, facts: RequestFacts) {
  const vars = { name: site.name };
  return {
    name: site.name,
    index_title: resolveText(site.indexTitle, locale, t, vars),
    description: resolveText(site.description, locale, t, vars),
    domain: facts.domain,
    domain_language: site.domainLanguage,
    cdn_prefix: site.cdnPrefix,
    niche: nicheNumber(site.niche),
    niche_name: site.niche,
    landing_slug: site.nicheConfig.landing_slug,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    geoip_country: facts.geoipCountry,
    geoip_selected_country: facts.selectedCountry,
    push_public_key: facts.pushPublicKey,
    support_phone: site.supportPhone,
    support_email: site.supportEmail,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    site_entry_popup_countries: site.siteEntryPopupCountries,
    minimum_message_costs: minimumMessageCosts(site),
    fictional_icon: site.fictionalIcon,
    countries: site.countries,
    locales: site.locales,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    message_credits: site.messageCredits,
    signup_credits: site.signupCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    search_fields: site.searchFields,
    fictional_warning: resolveText(site.fictionalWarning, locale, t, vars),
    fictional_singular: resolveText(site.fictionalSingular, locale, t, vars),
    fictional_plural: resolveText(site.fictionalPlural, locale, t, vars),
    refund_days: site.refundDays,
    member_resell: site.memberResell,
    company_id: site.company.id,
    mail_name: site.mailName,
    min_age: site.limits.minAge,
    interests: interestsFor(site.nicheConfig.featured_interests, site.nicheConfig.adult_interests),
    region_data: Object.fromEntries(
      site.countries.map((country) => {
        const r = regionsOf(country);
        return [country, { label: t(`region.${r.label}`), regions: r.regions }];
      }),
    ),
  };
}

export type PublicSettings = ReturnType<typeof publicSettings>;
