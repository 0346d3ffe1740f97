import type { MessageKey, Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localePath } from '../../server/request.ts';
import { TERMS_VERSION_DATE } from '../../tenancy/defaults.ts';
import { resolveText } from '../../tenancy/public-settings.ts';
import type { Site } from '../../tenancy/site.ts';
import type { Company } from '../../tenancy/tenant.schema.ts';
import { countryName } from '../../lib/place-name.ts';
import { cleanPhone } from '../shell/links.ts';
import { escapeMarkdown, fillPlaceholders, renderDisclosures, renderMarkdown } from './markdown.ts';
import {
  DISCLOSURE_PAGES,
  LOCALE_COOKIE_DAYS,
  REACTIVATION_DAYS,
  SESSION_DAYS,
  STORED_DATA_CATEGORIES,
  type FooterPage,
  type PageVariable,
  type StoredDataCategory,
} from './pages.catalog.ts';

/** Each language's quotation marks, around a word a page names (`„fiktives Profil“`). */
const QUOTES: Record<Locale, [string, string]> = {
  da: ['»', '«'],
  de: ['„', '“'],
  en: ['“', '”'],
  es: ['«', '»'],
  fi: ['”', '”'],
  fr: ['« ', ' »'],
  it: ['«', '»'],
  nb: ['«', '»'],
  nl: ['‘', '’'],
  pl: ['„', '”'],
  sv: ['”', '”'],
};

function quoted(word: string, locale: Locale): string {
  const [open, close] = QUOTES[locale];
  return `${open}${word}${close}`;
}

/**
 * Spec §9: the terms' version date is 2023-12-01T12:00:00Z, or the date the company was added
 * when that is later (a company that joined later never agreed to older terms).
 */
export function termsVersionDate(company: Pick<Company, 'added'>): string {
  const base = Date.parse(TERMS_VERSION_DATE);
  const added = company.added ? Date.parse(company.added) : Number.NaN;
  return new Date(Number.isFinite(added) && added > base ? added : base).toISOString();
}

/** A date as the page's language writes it ("1 December 2023", "1. Dezember 2023"). */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * `{refund_days} day free returns` (spec §9); the message's plural block gives the number the
 * form each language needs (German "1 Tag", "14 Tage"; Polish "1 dzień", "14 dni").
 */
export function freeReturns(days: number, t: Translate): string {
  return t('pages.free_returns', { refund_days: days });
}

/** "14 days" in the page's language, the number's form chosen by the language's own rules. */
export function dayCount(days: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

/** The message keys of one stored-data category on the privacy page. */
export function storedDataKeys(category: StoredDataCategory): {
  label: MessageKey;
  what: MessageKey;
  retention: MessageKey;
} {
  return {
    label: `privacy.data.${category}.label` as MessageKey,
    what: `privacy.data.${category}.what` as MessageKey,
    retention: `privacy.data.${category}.retention` as MessageKey,
  };
}

/** Table cells are our own translations; a pipe would end the cell early. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function storedDataTable(t: Translate): string {
  const vars = { reactivation_days: REACTIVATION_DAYS, session_days: SESSION_DAYS };
  const head = `| ${cell(t('privacy.data.header.category'))} | ${cell(t('privacy.data.header.what'))} | ${cell(t('privacy.data.header.retention'))} |`;
  const rows = STORED_DATA_CATEGORIES.map((category) => {
    const keys = storedDataKeys(category);
    return `| **${cell(t(keys.label))}** | ${cell(t(keys.what))} | ${cell(t(keys.retention, vars))} |`;
  });
  return [head, '|---|---|---|', ...rows].join('\n');
}

function list(values: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(values);
}

/** The site's brand is a trade name too, so the list is never empty. */
function tradeNames(site: Site): string[] {
  return [...new Set([site.name, ...site.company.tradenames])];
}

function companyDetails(site: Site, locale: Locale, t: Translate): string {
  const c = site.company;
  const phone = escapeMarkdown(cleanPhone(site.supportPhone));
  const email = escapeMarkdown(site.supportEmail);
  const lines = [
    `**${escapeMarkdown(c.name)}**`,
    escapeMarkdown(`${c.address}, ${c.city}, ${countryName(c.country, locale)}`),
    t('pages.details.kvk', { kvk: escapeMarkdown(c.kvk) }),
  ];
  if (c.vat_numbers.length)
    lines.push(t('pages.details.vat', { vat: escapeMarkdown(list(c.vat_numbers, locale)) }));
  lines.push(t('pages.details.tradenames', { names: escapeMarkdown(list(tradeNames(site), locale)) }));
  lines.push(t('page.phone', { phone: `[${phone}](tel:${phone})` }));
  lines.push(t('page.email', { email: `[${email}](mailto:${email})` }));
  return lines.map((line) => `- ${line}`).join('\n');
}

/**
 * Every value a page text may name, for one site in one language, as Markdown. `origin` is the
 * site's canonical origin (never the request's Host).
 */
export function pageVariables(
  site: Site,
  locale: Locale,
  t: Translate,
  origin: string,
): Record<PageVariable, string> {
  const c = site.company;
  const text = (value: string | number) => escapeMarkdown(String(value));
  const path = (route: string) => text(localePath(locale, route));
  const nameVars = { name: site.name };
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  return {
    site_name: text(site.name),
    site_domain: text(site.primaryDomain),
    site_url: text(origin),
    company_name: text(c.name),
    company_address: text(c.address),
    company_city: text(c.city),
    company_country: text(countryName(c.country, locale)),
    company_kvk: text(c.kvk),
    company_details: companyDetails(site, locale, t),
    company_tradenames: text(list(tradeNames(site), locale)),
    company_vat_numbers: text(c.vat_numbers.length ? list(c.vat_numbers, locale) : '–'),
    support_phone: text(cleanPhone(site.supportPhone)),
    support_email: text(site.supportEmail),
    refund_days: text(site.refundDays),
    refund_period: text(dayCount(site.refundDays, locale)),
    free_returns: text(freeReturns(site.refundDays, t)),
    min_age: text(site.limits.minAge),
    // A page's text names the marker by the site's word for it, quoted: the emoji itself showed as
    // an empty box without an emoji font, and the drawing cannot go into the page's markdown.
    fictional_icon: text(quoted(resolveText(site.fictionalSingular, locale, t, nameVars), locale)),
    fictional_warning: text(resolveText(site.fictionalWarning, locale, t, nameVars)),
    fictional_plural: text(resolveText(site.fictionalPlural, locale, t, nameVars)),
    terms_date: text(formatDate(termsVersionDate(c), locale)),
    message_credits: text(site.messageCredits),
    photo_credits: text(site.photoCredits),
    gift_credits: text(site.giftCredits),
    signup_credits: text(site.signupCredits),
    free_conversations: text(site.limits.freeConversations),
    free_messages: text(site.limits.freeMessages),
    free_photos: text(site.limits.freePhotos),
    premium_photos: text(site.limits.premiumPhotos),
    swipe_likes_per_day: text(site.limits.swipeLikesPerDay),
    welcome_discount: text(percent.format(site.prices.welcomeDiscountPercentage / 100)),
    reactivation_days: text(REACTIVATION_DAYS),
    session_days: text(SESSION_DAYS),
    locale_cookie_days: text(LOCALE_COOKIE_DAYS),
    stored_data: storedDataTable(t),
    pricing_url: path('/pricing'),
    complaints_url: path('/complaints'),
    privacy_url: path('/pages/privacy'),
    cookies_url: path('/pages/cookies'),
    terms_url: path('/pages/terms'),
    return_policy_url: path('/pages/return-policy'),
    service_url: path('/pages/service'),
    faq_url: path('/pages/faq'),
    ban_url: path('/pages/ban'),
  };
}

/**
 * A footer page's body as HTML: its text in the page's language with the site's values filled
 * in. Returns undefined when the text is missing (the i18n check prevents that for real files).
 */
export function renderFooterPage(
  page: FooterPage,
  text: string,
  variables: Readonly<Record<PageVariable, string>>,
): string {
  const filled = fillPlaceholders(text, variables);
  return DISCLOSURE_PAGES.has(page) ? renderDisclosures(filled) : renderMarkdown(filled);
}

/**
 * Rendered pages per site object: a reloaded tenant file is a new object, so an edit is never
 * served stale, and a removed site's pages are collected with it.
 */
const rendered = new WeakMap<Site, Map<string, string>>();

export function cachedFooterPage(site: Site, key: string, render: () => string): string {
  let pages = rendered.get(site);
  if (!pages) rendered.set(site, (pages = new Map()));
  let html = pages.get(key);
  if (html === undefined) pages.set(key, (html = render()));
  return html;
}

/** The company behind a site as `GET /api/companyinfo.php` answers it (spec §3 Company info). */
export interface CompanyInfo {
  id: string;
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string[];
  vat_numbers: string[];
  /** The site's customer-service phone (its own, else the company's), as configured. */
  support_phone: string;
  delete_discount: string | null;
  added: string | null;
  /** The terms' version date that follows from `added` (spec §9). */
  terms_version_date: string;
}

export function companyInfo(site: Site): CompanyInfo {
  const c = site.company;
  return {
    id: c.id,
    name: c.name,
    address: c.address,
    kvk: c.kvk,
    city: c.city,
    country: c.country,
    tradenames: c.tradenames,
    vat_numbers: c.vat_numbers,
    support_phone: site.supportPhone,
    delete_discount: c.delete_discount ?? null,
    added: c.added ?? null,
    terms_version_date: termsVersionDate(c),
  };
}
