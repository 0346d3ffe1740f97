import type { TableName } from '../../db/database.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The footer pages of spec §2 (`/pages/<id>`), their texts and the values those texts may ask
 * for. Plain data with no imports at run time, so the i18n check script can read it too.
 */

export const FOOTER_PAGES = [
  'terms',
  'privacy',
  'cookies',
  'ban',
  'faq',
  'return-policy',
  'service',
] as const;
export type FooterPage = (typeof FOOTER_PAGES)[number];

export function isFooterPage(value: unknown): value is FooterPage {
  return typeof value === 'string' && (FOOTER_PAGES as readonly string[]).includes(value);
}

/** The title of each page: the footer's own link text, so link and heading always agree. */
export const PAGE_TITLES: Record<FooterPage, MessageKey> = {
  terms: 'footer.terms',
  privacy: 'footer.privacy',
  cookies: 'footer.cookies',
  ban: 'footer.ban',
  faq: 'footer.faq',
  'return-policy': 'footer.return_policy',
  service: 'footer.service',
};

/** The meta description of each page (search results show it under the title). */
export const PAGE_DESCRIPTIONS: Record<FooterPage, MessageKey> = {
  terms: 'pages.description.terms',
  privacy: 'pages.description.privacy',
  cookies: 'pages.description.cookies',
  ban: 'pages.description.ban',
  faq: 'pages.description.faq',
  'return-policy': 'pages.description.return_policy',
  service: 'pages.description.service',
};

/**
 * Pages whose third-level headings are questions: each becomes a disclosure widget with its
 * answer, so a long FAQ reads as a list of questions on a phone.
 */
export const DISCLOSURE_PAGES: ReadonlySet<FooterPage> = new Set<FooterPage>(['faq']);

/**
 * Every `{placeholder}` a page text may use, filled per site and request. A text naming anything
 * else fails `scripts/check-i18n.ts`, so a typo cannot reach a visitor as a raw `{…}`.
 */
export const PAGE_VARIABLES = [
  'site_name',
  'site_domain',
  'site_url',
  'company_name',
  'company_address',
  'company_city',
  'company_country',
  'company_kvk',
  /** A list of the company's registration, contact and tax details (Markdown, built per locale). */
  'company_details',
  'company_tradenames',
  'company_vat_numbers',
  'support_phone',
  'support_email',
  'refund_days',
  /** "14 days", with the number's grammatical form in the page's language. */
  'refund_period',
  /** Spec §9: "{refund_days} day free returns". */
  'free_returns',
  'min_age',
  'fictional_icon',
  'fictional_warning',
  'fictional_plural',
  'terms_date',
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'free_conversations',
  'free_messages',
  'free_photos',
  'premium_photos',
  'swipe_likes_per_day',
  'welcome_discount',
  'reactivation_days',
  'session_days',
  'locale_cookie_days',
  /** The table of data categories the database actually holds (privacy page). */
  'stored_data',
  'pricing_url',
  'complaints_url',
  'privacy_url',
  'cookies_url',
  'terms_url',
  'return_policy_url',
  'service_url',
  'faq_url',
  'ban_url',
] as const;
export type PageVariable = (typeof PAGE_VARIABLES)[number];

/** Spec §4: a deleted account can be reactivated for 14 days. */
export const REACTIVATION_DAYS = 14;
/** Spec §9: the login session lasts 30 days. */
export const SESSION_DAYS = 30;
/** Spec §9: the language choice is remembered for 365 days. */
export const LOCALE_COOKIE_DAYS = 365;

/** Groups of personal data the privacy page names, each with its label, contents and retention. */
export const STORED_DATA_CATEGORIES = [
  'account',
  'profile',
  'photos',
  'social',
  'messages',
  'payments',
  'push',
  'notifications',
  'complaints',
  'tracking',
  'usage',
  'security',
] as const;
export type StoredDataCategory = (typeof STORED_DATA_CATEGORIES)[number];

/**
 * Where each table of the database appears on the privacy page. Typed over every table, so a
 * new table does not compile until someone decides what the privacy page says about it; `null`
 * marks tables without personal data.
 */
export const TABLE_DATA_CATEGORY: Record<TableName, StoredDataCategory | null> = {
  members: 'account',
  profiles: 'profile',
  profile_interests: 'profile',
  // A changed profile text under a moderator's review, and the decision on it.
  text_reviews: 'profile',
  photos: 'photos',
  likes: 'social',
  // The day's count of likes given, and which likes their receivers were told of.
  like_days: 'social',
  like_notices: 'social',
  swipes: 'social',
  blocks: 'social',
  conversations: 'messages',
  conversation_members: 'messages',
  messages: 'messages',
  chat_photos: 'messages',
  events: 'messages',
  credit_ledger: 'payments',
  orders: 'payments',
  discount_redemptions: 'payments',
  directdebit_mandates: 'payments',
  directdebit_codes: 'payments',
  // Which customer at the payment provider holds the member's stored card or PayPal account.
  payment_customers: 'payments',
  // Refunds and chargebacks made at the provider, returned debits: bookkeeping of the member's orders.
  payment_reversals: 'payments',
  credit_adjustments: 'payments',
  order_refunds: 'payments',
  // The catalogue of codes names no person; who used one is in discount_redemptions.
  discount_codes: null,
  push_subscriptions: 'push',
  // Pushes on their way or sent lately (their texts are emptied once done).
  push_outbox: 'push',
  notification_preferences: 'notifications',
  mail_pending: 'notifications',
  mail_log: 'notifications',
  complaints: 'complaints',
  // Reports a member filed about a profile, and what moderators decided on them.
  reports: 'complaints',
  tracking_records: 'tracking',
  page_events: 'usage',
  sessions: 'security',
  auth_events: 'security',
  tokens: 'security',
  rate_limit_counters: 'security',
  // Which process runs a periodic job: names no person.
  job_leases: null,
  // The member's last used search filters: whom they look for, like the profile's `seeking`.
  search_filters: 'profile',
  // The test provider's side of a payment: amounts and an order id, nothing about a person.
  test_payments: null,
  // The operator's staff accounts, roles, sessions and codes: no member's data.
  staff: null,
  staff_roles: null,
  staff_sessions: null,
  staff_recovery_codes: null,
  // What the operator's staff did concerning the member (e.g. reading a reported conversation).
  audit_log: 'security',
  moderation_decisions: 'complaints',
  moderation_appeals: 'complaints',
  banned_emails: 'security',
  banned_devices: 'security',
  member_devices: 'security',
  // Which host answers a conversation with an operator-run profile right now: names no member.
  host_claims: null,
  // Replies to the member's messages to operator-run profiles, and questions whether they are real.
  host_replies: 'messages',
  host_question_marks: 'messages',
  // Daily counts per site and traffic source: tied to no member.
  statistics_daily: null,
  statistics_progress: null,
  // The console's invite codes and mailings: written by staff, tied to no member.
  invite_codes: null,
  console_mailings: null,
  // The pain.008 files made in the console: a site's collection, tied to no one member (the
  // member's own debits are in directdebit_mandates).
  directdebit_exports: null,
};
