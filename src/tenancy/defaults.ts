import { VISIBLE_PROFILE_FIELDS, type Bundle, type Company } from './tenant.schema.ts';

/**
 * The platform's defaults: what every site gets unless its niche or its own file says otherwise.
 * Numbers that the spec fixes (§9) live here and nowhere else.
 */

/** The countries of spec §9 that have their own visible-locale rules; a site serves them unless told otherwise. */
export const DEFAULT_COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'FR',
  'IT',
  'ES',
  'GB',
  'IE',
  'DK',
  'NO',
  'SE',
  'FI',
  'PL',
  'US',
  'CA',
  'AU',
  'NZ',
] as const;

/** Currencies of the served countries that do not pay in euro. */
export const DEFAULT_CURRENCY_BY_COUNTRY: Record<string, string> = {
  GB: 'GBP',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
  PL: 'PLN',
  CH: 'CHF',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
};

/** Bundles on sale by default; prices in minor units per currency, set by hand (no float maths). */
export const DEFAULT_BUNDLES: Bundle[] = [
  {
    id: 'starter',
    credits: 100,
    popular: false,
    prices: {
      EUR: 1499,
      GBP: 1299,
      DKK: 11200,
      NOK: 17500,
      SEK: 17500,
      PLN: 6400,
      CHF: 1450,
      USD: 1599,
      CAD: 2199,
      AUD: 2399,
      NZD: 2599,
    },
  },
  {
    id: 'popular',
    credits: 300,
    popular: true,
    prices: {
      EUR: 3999,
      GBP: 3499,
      DKK: 29900,
      NOK: 46900,
      SEK: 46900,
      PLN: 16900,
      CHF: 3900,
      USD: 4299,
      CAD: 5899,
      AUD: 6499,
      NZD: 6999,
    },
  },
  {
    id: 'value',
    credits: 800,
    popular: false,
    prices: {
      EUR: 8999,
      GBP: 7799,
      DKK: 67200,
      NOK: 105500,
      SEK: 105500,
      PLN: 38500,
      CHF: 8800,
      USD: 9699,
      CAD: 13299,
      AUD: 14599,
      NZD: 15799,
    },
  },
];

/** The demo company: plausible and clearly fictitious. Real sites name their own. */
export const DEFAULT_COMPANY: Company = {
  id: 'example-community',
  name: 'Example Community Services B.V.',
  address: 'Voorbeeldstraat 1',
  kvk: '00000000',
  city: '1000 AA Amsterdam',
  country: 'NL',
  tradenames: [],
  vat_numbers: ['NL000000000B00'],
  support_phone: '+31 20 000 0000',
};

export const PLATFORM_DEFAULTS = {
  theme: 'amber',
  domain_language: 'en',
  cdn_prefix: '',
  signups: 'all',
  invite_codes: [] as string[],
  logged_out_search: false,
  logged_out_search_trafficsource: false,
  enable_site_entry_popup: 'yes',
  site_entry_popup_countries: [] as string[],
  fictional_icon: '🎭',
  /** Off: a site shows likes from fictional profiles to new members only when it says so. */
  fictional_welcome_likes: 0,
  visible_profile_fields: VISIBLE_PROFILE_FIELDS,
  visible_profile_notes: true,
  search_fields: ['gender', 'country', 'countryregion', 'age'],
  message_credits: 5,
  signup_credits: 0,
  photo_credits: 10,
  gift_credits: 15,
  message_length: 1000,
  refund_days: 14,
  member_resell: true,
  photo_moderation: 'post',
  text_moderation: 'off',
  prices: {
    default_currency: 'EUR',
    welcome_discount_percentage: 25,
    time_bonus_percentage: 25,
  },
  limits: {
    min_age: 18,
    free_photos: 3,
    premium_photos: 25,
    free_conversations: 2,
    free_messages: 3,
    free_history_days: 30,
    swipe_likes_per_day: 4,
    likes_per_day: 100,
  },
  /**
   * The accounts calls' rate limits, the only place their numbers live. Login: 5 wrong passwords
   * per account and IP within 15 minutes lock that IP out of that account for 15 minutes (never
   * the member's own devices elsewhere); 50 wrong passwords per IP in an hour over all accounts
   * (then one try per account); 20 attempts an hour at one account from browsers without its
   * device cookie.
   * Reset e-mails: 3 a day per account (spec §8 "try again tomorrow").
   */
  rate_limits: {
    login_failures: { limit: 5, window_minutes: 15 },
    login_lock_minutes: 15,
    login_ip: { limit: 50, window_minutes: 60 },
    login_account: { limit: 20, window_minutes: 60 },
    signup_invite_ip: { limit: 10, window_minutes: 60 },
    bounce_ip: { limit: 120, window_minutes: 60 },
    signup_ip: { limit: 10, window_minutes: 60 },
    password_reset_ip: { limit: 10, window_minutes: 60 },
    password_reset_emails_per_day: 3,
    activation_emails_per_day: 3,
    email_change: { limit: 5, window_minutes: 60 },
    tracking_ip: { limit: 120, window_minutes: 60 },
    chat_send: { limit: 60, window_minutes: 1 },
  },
} as const;

/** Spec §9: the terms' version date, unless the company was added later. */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';
