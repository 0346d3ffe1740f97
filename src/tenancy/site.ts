import { LOCALES, matchLocale, type Locale } from '../i18n/locales.ts';
import {
  DEFAULT_BUNDLES,
  DEFAULT_COMPANY,
  DEFAULT_COUNTRIES,
  DEFAULT_CURRENCY_BY_COUNTRY,
  PLATFORM_DEFAULTS,
} from './defaults.ts';
import type { Niche, NicheId } from './niche.schema.ts';
import type { Theme } from './theme.schema.ts';
import type {
  Bundle,
  Company,
  DirectDebitCreditor,
  GiftId,
  LocalizedText,
  RateRuleInput,
  TenantFile,
} from './tenant.schema.ts';

/** A rate limit as the server applies it: at most `limit` attempts within `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

function rateRule(rule: RateRuleInput): RateRule {
  return { limit: rule.limit, windowMs: rule.window_minutes * MINUTE_MS };
}

/**
 * Where a text comes from: the site's own words (one string or per locale), or a message key
 * of the platform's translations (the niche's and platform's defaults), filled in per request.
 */
export type TextSource = { text: LocalizedText } | { message: string };

/** A site with every setting resolved: platform defaults ← niche ← tenant file. */
export interface Site {
  id: string;
  /** The tenant file it came from (for messages to operators). */
  file: string;
  domains: string[];
  /** The canonical host: links in e-mails and canonical URLs use it, never the request's Host. */
  primaryDomain: string;
  name: string;
  niche: NicheId;
  nicheConfig: Niche;
  network: string;
  theme: Theme;
  brandColors: { primary?: string; secondary?: string };
  /** Visible locales, in the platform's order. */
  locales: Locale[];
  domainLanguage: string;
  /** The locale `domain_language` picks, when it is a visible one. */
  domainLocale: Locale | undefined;
  indexTitle: TextSource;
  description: TextSource;
  cdnPrefix: string;
  signups: TenantFile['signups'] & string;
  inviteCodes: string[];
  loggedOutSearch: boolean;
  loggedOutSearchTrafficsource: boolean;
  defaultCountry: string;
  countries: string[];
  supportPhone: string;
  supportEmail: string;
  enableSiteEntryPopup: 'yes' | 'no';
  siteEntryPopupCountries: string[];
  fictionalIcon: string;
  fictionalWarning: TextSource;
  fictionalSingular: TextSource;
  fictionalPlural: TextSource;
  /** Fictional likes a new member receives after activating (0: off). */
  fictionalWelcomeLikes: number;
  visibleProfileFields: string[];
  visibleProfileNotes: boolean;
  searchFields: string[];
  messageCredits: number;
  signupCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
  /** The tenant's gift catalogue (ids in order, an own price or null), or null for the platform's. */
  gifts: { id: GiftId; credits: number | null }[] | null;
  /** The tenant's icebreakers, or null for the platform's. */
  icebreakers: LocalizedText[] | null;
  refundDays: number;
  /** The creditor of the site's direct debits (the SEPA export), or null when none is set. */
  directDebitCreditor: DirectDebitCreditor | null;
  memberResell: boolean;
  /** New photos: shown at once (`post`) or `pending` until approved (`pre`). */
  photoModeration: 'post' | 'pre';
  /** A changed profile text: shown at once and not queued (`off`), queued (`post`), or held until approved (`pre`). */
  textModeration: 'off' | 'post' | 'pre';
  mailName: string;
  mailFrom: string;
  company: Company;
  prices: {
    currencyByCountry: Record<string, string>;
    defaultCurrency: string;
    bundles: Bundle[];
    welcomeDiscountPercentage: number;
    timeBonusPercentage: number;
  };
  limits: {
    minAge: number;
    freePhotos: number;
    premiumPhotos: number;
    freeConversations: number;
    freeMessages: number;
    /** Days of chat history a free member sees (0: all). */
    freeHistoryDays: number;
    swipeLikesPerDay: number;
    /** Likes a day for every member (swipe likes included). */
    likesPerDay: number;
  };
  campaigns: NonNullable<TenantFile['campaigns']>;
  /** The accounts calls' rate limits (tenant `rate_limits` over the platform's defaults). */
  rateLimits: {
    loginFailures: RateRule;
    loginLockMs: number;
    loginIp: RateRule;
    loginAccount: RateRule;
    signupIp: RateRule;
    signupInviteIp: RateRule;
    bounceIp: RateRule;
    passwordResetIp: RateRule;
    passwordResetEmailsPerDay: number;
    activationEmailsPerDay: number;
    emailChange: RateRule;
    trackingIp: RateRule;
    chatSend: RateRule;
  };
}

function textOr(own: LocalizedText | undefined, messageKey: string): TextSource {
  return own === undefined ? { message: messageKey } : { text: own };
}

/** Merges platform defaults ← niche ← the tenant file into a site. */
export function resolveSite(file: string, tenant: TenantFile, niche: Niche, theme: Theme): Site {
  const d = PLATFORM_DEFAULTS;
  const countries = tenant.countries ?? [...DEFAULT_COUNTRIES];
  const company = tenant.company ?? DEFAULT_COMPANY;
  const primaryDomain = tenant.domains[0]!;
  const visible = tenant.locales ? LOCALES.filter((l) => tenant.locales!.includes(l)) : [...LOCALES];
  const domainLanguage = tenant.domain_language ?? d.domain_language;
  const matched = matchLocale(domainLanguage);
  return {
    id: tenant.id,
    file,
    domains: tenant.domains,
    primaryDomain,
    name: tenant.name,
    niche: tenant.niche,
    nicheConfig: niche,
    network: tenant.network ?? tenant.id,
    theme,
    brandColors: tenant.brand_colors ?? {},
    locales: visible,
    domainLanguage,
    domainLocale: matched && visible.includes(matched) ? matched : undefined,
    indexTitle: textOr(tenant.index_title, niche.copy.index_title),
    description: textOr(tenant.description, niche.copy.description),
    cdnPrefix: tenant.cdn_prefix ?? d.cdn_prefix,
    signups: tenant.signups ?? d.signups,
    inviteCodes: tenant.invite_codes ?? [...d.invite_codes],
    loggedOutSearch: tenant.logged_out_search ?? d.logged_out_search,
    loggedOutSearchTrafficsource: tenant.logged_out_search_trafficsource ?? d.logged_out_search_trafficsource,
    defaultCountry: tenant.default_country ?? countries[0]!,
    countries,
    supportPhone: tenant.support_phone ?? company.support_phone,
    supportEmail: tenant.support_email ?? `support@${primaryDomain}`,
    enableSiteEntryPopup: tenant.enable_site_entry_popup ?? d.enable_site_entry_popup,
    siteEntryPopupCountries: tenant.site_entry_popup_countries ?? [...d.site_entry_popup_countries],
    fictionalIcon: tenant.fictional_icon ?? d.fictional_icon,
    fictionalWarning: textOr(tenant.fictional_warning, 'fictional.warning'),
    fictionalSingular: textOr(tenant.fictional_singular, 'fictional.singular'),
    fictionalPlural: textOr(tenant.fictional_plural, 'fictional.plural'),
    fictionalWelcomeLikes: tenant.fictional_welcome_likes ?? d.fictional_welcome_likes,
    visibleProfileFields: tenant.visible_profile_fields ?? [...d.visible_profile_fields],
    visibleProfileNotes: tenant.visible_profile_notes ?? d.visible_profile_notes,
    searchFields: tenant.search_fields ?? [...d.search_fields],
    messageCredits: tenant.message_credits ?? d.message_credits,
    signupCredits: tenant.signup_credits ?? d.signup_credits,
    photoCredits: tenant.photo_credits ?? d.photo_credits,
    giftCredits: tenant.gift_credits ?? d.gift_credits,
    messageLength: tenant.message_length ?? d.message_length,
    gifts: tenant.gifts?.map((g) => ({ id: g.id, credits: g.credits ?? null })) ?? null,
    icebreakers: tenant.icebreakers ?? null,
    refundDays: tenant.refund_days ?? d.refund_days,
    directDebitCreditor: tenant.direct_debit ?? null,
    memberResell: tenant.member_resell ?? d.member_resell,
    photoModeration: tenant.photo_moderation ?? d.photo_moderation,
    textModeration: tenant.text_moderation ?? d.text_moderation,
    mailName: tenant.mail_name ?? tenant.name,
    mailFrom: tenant.mail_from ?? `no-reply@${primaryDomain}`,
    company,
    prices: {
      currencyByCountry: { ...DEFAULT_CURRENCY_BY_COUNTRY, ...tenant.prices?.currency_by_country },
      defaultCurrency: tenant.prices?.default_currency ?? d.prices.default_currency,
      bundles: tenant.prices?.bundles ?? DEFAULT_BUNDLES,
      welcomeDiscountPercentage:
        tenant.prices?.welcome_discount_percentage ?? d.prices.welcome_discount_percentage,
      timeBonusPercentage: tenant.prices?.time_bonus_percentage ?? d.prices.time_bonus_percentage,
    },
    limits: {
      minAge: tenant.limits?.min_age ?? d.limits.min_age,
      freePhotos: tenant.limits?.free_photos ?? d.limits.free_photos,
      premiumPhotos: tenant.limits?.premium_photos ?? d.limits.premium_photos,
      freeConversations: tenant.limits?.free_conversations ?? d.limits.free_conversations,
      freeMessages: tenant.limits?.free_messages ?? d.limits.free_messages,
      freeHistoryDays: tenant.limits?.free_history_days ?? d.limits.free_history_days,
      swipeLikesPerDay: tenant.limits?.swipe_likes_per_day ?? d.limits.swipe_likes_per_day,
      likesPerDay: tenant.limits?.likes_per_day ?? d.limits.likes_per_day,
    },
    campaigns: tenant.campaigns ?? {},
    rateLimits: resolveRateLimits(tenant.rate_limits ?? {}),
  };
}

/** The platform's rate limits, for what belongs to no site (the operator console's logins). */
export function platformRateLimits(): Site['rateLimits'] {
  return resolveRateLimits({});
}

function resolveRateLimits(own: NonNullable<TenantFile['rate_limits']>): Site['rateLimits'] {
  const d = PLATFORM_DEFAULTS.rate_limits;
  return {
    loginFailures: rateRule(own.login_failures ?? d.login_failures),
    loginLockMs: (own.login_lock_minutes ?? d.login_lock_minutes) * MINUTE_MS,
    loginIp: rateRule(own.login_ip ?? d.login_ip),
    loginAccount: rateRule(own.login_account ?? d.login_account),
    signupIp: rateRule(own.signup_ip ?? d.signup_ip),
    signupInviteIp: rateRule(own.signup_invite_ip ?? d.signup_invite_ip),
    bounceIp: rateRule(own.bounce_ip ?? d.bounce_ip),
    passwordResetIp: rateRule(own.password_reset_ip ?? d.password_reset_ip),
    passwordResetEmailsPerDay: own.password_reset_emails_per_day ?? d.password_reset_emails_per_day,
    activationEmailsPerDay: own.activation_emails_per_day ?? d.activation_emails_per_day,
    emailChange: rateRule(own.email_change ?? d.email_change),
    trackingIp: rateRule(own.tracking_ip ?? d.tracking_ip),
    chatSend: rateRule(own.chat_send ?? d.chat_send),
  };
}

/** The currency a visitor from `country` pays in on this site. */
export function currencyFor(site: Site, country: string): string {
  return site.prices.currencyByCountry[country] ?? site.prices.defaultCurrency;
}

/**
 * The lowest cost of one message per country (`settings.minimum_message_costs`): the cheapest
 * price per credit of any bundle, times `message_credits`, rounded up to a whole minor unit.
 */
export function minimumMessageCosts(site: Site): Readonly<Record<string, MessageCost>> {
  // Asked on every chat send and page: a site's prices change only with a new Site object.
  let known = messageCostsOf.get(site);
  if (!known) {
    known = Object.freeze(computeMessageCosts(site));
    messageCostsOf.set(site, known);
  }
  return known;
}

interface MessageCost {
  costs: number;
  currency: string;
}

const messageCostsOf = new WeakMap<Site, Readonly<Record<string, MessageCost>>>();

function computeMessageCosts(site: Site): Record<string, MessageCost> {
  const out: Record<string, MessageCost> = {};
  for (const country of site.countries) {
    const currency = currencyFor(site, country);
    let best: number | undefined;
    for (const bundle of site.prices.bundles) {
      const price = bundle.prices[currency];
      if (price === undefined) continue;
      const perMessage = Math.ceil((price * site.messageCredits) / bundle.credits);
      best = best === undefined ? perMessage : Math.min(best, perMessage);
    }
    if (best !== undefined) out[country] = { costs: best, currency };
  }
  return out;
}
