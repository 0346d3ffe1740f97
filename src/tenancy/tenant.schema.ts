import { PROFILE_DETAIL_COLUMNS } from '../db/database.ts';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { validateCreditorID } from 'sepa';
import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { reservedTokenReason } from './campaign-tokens.ts';
import { NICHE_IDS } from './niche.schema.ts';

/**
 * A site: one branded domain, launched from one file `tenants/<id>.json`.
 *
 * The smallest valid file is `{ "id", "domains", "name", "niche" }`; everything else has a
 * default from the platform (`defaults.ts`) and the niche (`niches/<niche>.json`). Field names
 * follow the public settings of spec §3 where they are the same thing, so the README's settings
 * table maps one to one.
 */

const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lowercase letters, digits and dashes, at most 63');

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code like NL');
/** ISO 4217, upper case. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency like EUR');

const hostname = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
        'a host name without scheme, port or path (e.g. example.com)',
      ),
  )
  .refine((h) => !h.startsWith('www.'), 'leave out "www.": it is folded onto the bare domain');

/**
 * The SEPA creditor of a site. The values are written as the bank gives them; the IBAN and the
 * identifier are checked by their check digits, so a typing error stops the site from starting
 * instead of producing a file the bank rejects.
 */
export const directDebitCreditorSchema = z.strictObject({
  /** The creditor's name as its bank holds it (`Cdtr/Nm`), at most 70 characters. */
  creditor_name: z.string().trim().min(1).max(70),
  /** The account the debits are paid into, in electronic form (no spaces), e.g. DE02120300000000202051. */
  iban: z
    .string()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/, 'an IBAN in upper case without spaces')
    .refine((iban) => isValidIBAN(iban), 'the IBAN check digits are wrong'),
  /** That bank's BIC (8 or 11 characters); leave it out to collect by IBAN only. */
  bic: z
    .string()
    .refine((bic) => isValidBIC(bic), 'a BIC of 8 or 11 characters, e.g. BYLADEM1001')
    .optional(),
  /** The SEPA creditor identifier the bank assigned (`CdtrSchmeId`), e.g. DE98ZZZ09999999999. */
  creditor_id: z
    .string()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'a creditor identifier like DE98ZZZ09999999999')
    .refine((id) => validateCreditorID(id), 'the creditor identifier check digits are wrong'),
});
export type DirectDebitCreditor = z.infer<typeof directDebitCreditorSchema>;

/** Text that may differ per locale: one string for all, or a map with at least `en`. */
export const localizedText = z.union([
  z.string().min(1),
  z.partialRecord(z.enum(LOCALES), z.string().min(1)).refine((m) => m.en !== undefined, {
    message: 'a per-language text needs at least "en"',
  }),
]);
export type LocalizedText = z.infer<typeof localizedText>;

/** The gifts the platform has pictures and names for (`public/gift-<id>.svg`, `chat.gift.<id>`). */
export const GIFT_IDS = ['rose', 'heart', 'coffee', 'chocolate', 'teddy', 'champagne'] as const;
export type GiftId = (typeof GIFT_IDS)[number];

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #ffb300');

/** The company behind a site (spec §3 Company info), shown in the footer pages and e-mails. */
export const companySchema = z.strictObject({
  /** An id for the company; sites run by one company share it (`settings.company_id`). */
  id: slug,
  /** The registered legal name. */
  name: z.string().min(1),
  /** Street and number. */
  address: z.string().min(1),
  /** Chamber of commerce registration number (KvK in the Netherlands). */
  kvk: z.string().min(1),
  /** City with postcode, as written on letters. */
  city: z.string().min(1),
  /** Country of registration (ISO code). */
  country: countryCode,
  /** Trade names the company operates under. */
  tradenames: z.array(z.string().min(1)).default([]),
  /** VAT numbers, one per country where the company is registered. */
  vat_numbers: z.array(z.string().min(1)).default([]),
  /** Customer-service phone; shown cleaned of dashes and spaces. */
  support_phone: z.string().min(5),
  /**
   * A discount code offered to a member about to delete the account (spec §4), or none.
   */
  delete_discount: z.string().optional(),
  /**
   * When the company was added: the terms' version date is this date when it is later than
   * 2023-12-01T12:00:00Z (spec §9).
   */
  added: z.iso.datetime({ offset: true }).optional(),
});
export type Company = z.infer<typeof companySchema>;

/** A credit bundle on sale. */
export const bundleSchema = z.strictObject({
  /** Stable id used in URLs (`/credits/{id}`). */
  id: slug,
  /** Credits the bundle adds. */
  credits: z.number().int().positive(),
  /** Price per currency in minor units (cents): exact money, never floats. */
  prices: z.record(currencyCode, z.number().int().positive()),
  /**
   * Highlighted as the site's recommendation, labelled "Recommended": the label claims nothing
   * about what others buy, which the flag does not know.
   */
  popular: z.boolean().default(false),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** A gift of the site's chat catalogue. */
export const giftChoiceSchema = z.strictObject({
  /** One of the platform's gifts (its picture and its name in every language). */
  id: z.enum(GIFT_IDS),
  /** Its price in credits; without it, the platform's multiple of `gift_credits`. */
  credits: z.number().int().min(1).optional(),
});

/** The profile attributes a site may show (`settings.visible_profile_fields`); by default all. */
export const VISIBLE_PROFILE_FIELDS = ['gender', ...PROFILE_DETAIL_COLUMNS] as const;

/** A rate limit: at most `limit` attempts within `window_minutes`. */
export const rateRule = z.strictObject({
  /** Attempts allowed within the window. */
  limit: z.number().int().min(1).max(100_000),
  /** The window's length in minutes (at most a day). */
  window_minutes: z.number().int().min(1).max(1440),
});
export type RateRuleInput = z.infer<typeof rateRule>;

export const SIGNUP_MODES = ['all', 'with_trafficsource', 'invite', 'closed'] as const;

export const tenantSchema = z.strictObject({
  /** Optional pointer to the JSON schema, for editors. */
  $schema: z.string().optional(),
  /** The site's id: must equal the file name without `.json`. Used in the database. */
  id: slug,
  /**
   * The host names the site answers on; the first is canonical (links in e-mails, canonical
   * URLs). `www.` is folded onto the bare name, so list only the bare name.
   */
  domains: z.array(hostname).min(1),
  /** The brand name (`settings.name`). */
  name: z.string().min(1).max(60),
  /** The niche (general, she, bdsm, bbw, gilf, milf, gay): audience, lander, copy, imagery. */
  niche: z.enum(NICHE_IDS),
  /**
   * The member pool. Sites naming the same network share members, each filtered by its niche.
   * Defaults to the site's own id (a network of its own).
   */
  network: slug.optional(),
  /** A theme from `themes/` (default: `amber`). */
  theme: slug.optional(),
  /** Brand colours sent as CSS custom properties, so a site can differ without a rebuild. */
  brand_colors: z
    .strictObject({
      /** Buttons, links and highlights; default: the theme's primary colour. */
      primary: hexColor.optional(),
      /** Accents; default: the theme's secondary colour. */
      secondary: hexColor.optional(),
    })
    .optional(),
  /**
   * The visible locales (default: all eleven). The switcher offers those of them a visitor's
   * country sees (spec §9) and shows when that is more than one.
   */
  locales: z.array(z.enum(LOCALES)).min(1).optional(),
  /**
   * The site's language (`settings.domain_language`), a tag such as `de-DE`. On `/` without a
   * locale cookie, its first two letters pick the locale (spec §4). Default `en`.
   */
  domain_language: z
    .string()
    .regex(/^[a-z]{2}([-_][A-Za-z]{2})?$/, 'a language tag like de or de-DE')
    .optional(),
  /** Browser title of the index (`settings.index_title`); default from the niche's copy. */
  index_title: localizedText.optional(),
  /** Meta description (`settings.description`); default from the niche's copy. */
  description: localizedText.optional(),
  /** Prefix of member image paths (`settings.cdn_prefix`), e.g. a CDN origin. Default: none. */
  cdn_prefix: z.string().optional(),
  /**
   * Who may sign up (`settings.signups`): `all`; `with_trafficsource` (needs a stored or query
   * `network`); `invite` (a valid code from `invite_codes`); `closed`.
   */
  signups: z.enum(SIGNUP_MODES).optional(),
  /** Invite codes accepted when `signups` is `invite` (until the operator console manages them). */
  invite_codes: z.array(z.string().min(4)).optional(),
  /** Visitors may search members (`settings.logged_out_search`). Default: no. */
  logged_out_search: z.boolean().optional(),
  /** Visitors who arrived with a traffic source may search (`settings.logged_out_search_trafficsource`). */
  logged_out_search_trafficsource: z.boolean().optional(),
  /**
   * The visitor's country when no trusted proxy tells it (`settings.geoip_selected_country`
   * falls back to it). Default: the first of `countries`.
   */
  default_country: countryCode.optional(),
  /** Countries the site serves (`settings.countries`): regions, prices, search. */
  countries: z.array(countryCode).min(1).optional(),
  /** Customer-service phone (`settings.support_phone`); default: the company's. */
  support_phone: z.string().min(5).optional(),
  /** Customer-service address (`settings.support_email`). */
  support_email: z.email().optional(),
  /** Show the site-entry warning to visitors (`settings.enable_site_entry_popup`, yes or no). */
  enable_site_entry_popup: z.enum(['yes', 'no']).optional(),
  /** Show the site-entry warning only to visitors from these countries; empty shows it to all. */
  site_entry_popup_countries: z.array(countryCode).optional(),
  /** The icon shown beside every fictional profile (`settings.fictional_icon`). */
  fictional_icon: z.string().min(1).max(16).optional(),
  /** The warning shown with fictional profiles (`settings.fictional_warning`). */
  fictional_warning: localizedText.optional(),
  /** The word for one fictional profile (`settings.fictional_singular`). */
  fictional_singular: localizedText.optional(),
  /** The word for several (`settings.fictional_plural`). */
  fictional_plural: localizedText.optional(),
  /**
   * Likes from operator-run fictional profiles that a new member receives after activating, up
   * to this many, a few minutes apart (always labelled fictional, never shown as a real member's
   * like). 0 switches them off. Default: 0 (off).
   */
  fictional_welcome_likes: z.number().int().min(0).max(10).optional(),
  /** Profile attributes shown on profiles (`settings.visible_profile_fields`). */
  visible_profile_fields: z.array(z.enum(VISIBLE_PROFILE_FIELDS)).optional(),
  /** Show the member's own profile text (`settings.visible_profile_notes`). */
  visible_profile_notes: z.boolean().optional(),
  /** Filters offered by the member search (`settings.search_fields`). */
  search_fields: z.array(z.enum(['gender', 'country', 'countryregion', 'age'])).optional(),
  /** Credits one text message costs (`settings.message_credits`). */
  message_credits: z.number().int().min(0).optional(),
  /** Credits a new member receives (`settings.signup_credits`). */
  signup_credits: z.number().int().min(0).optional(),
  /** Credits an image message costs (`settings.photo_credits`). */
  photo_credits: z.number().int().min(0).optional(),
  /** Credits the cheapest gift costs (`settings.gift_credits`). */
  gift_credits: z.number().int().min(0).optional(),
  /** Longest message in characters (`settings.message_length`). */
  message_length: z.number().int().min(20).max(10000).optional(),
  /**
   * The chat's gift catalogue (`GET /api/gifts.php`): which of the platform's gifts, in the order
   * shown, each at its own price in credits or else at the platform's multiple of `gift_credits`.
   * Default: all of them.
   */
  gifts: z
    .array(giftChoiceSchema)
    .min(1)
    .refine((list) => new Set(list.map((g) => g.id)).size === list.length, 'each gift at most once')
    .optional(),
  /**
   * First lines offered for a new conversation (`GET /api/icebreakers.php`), each a string or one
   * per language (with `en`); `{site}` stands for the site's name. Default: the platform's.
   */
  icebreakers: z.array(localizedText).min(1).max(30).optional(),
  /**
   * The creditor that collects the site's direct debits: the console's SEPA export (pain.008)
   * names it in every file. Without it the site's debits cannot be exported (409
   * `creditor_missing`); members may still order by direct debit.
   */
  direct_debit: directDebitCreditorSchema.optional(),
  /** Days within which a purchase may be returned (`settings.refund_days`). */
  refund_days: z.number().int().min(0).max(365).optional(),
  /** This site's members may be shown on the other sites of its network (`settings.member_resell`). */
  member_resell: z.boolean().optional(),
  /**
   * When members' new photos are shown to others: `post` (default) shows them at once and the
   * operator may reject one later; `pre` keeps each new photo `pending` until the operator
   * approves it.
   */
  photo_moderation: z.enum(['post', 'pre']).optional(),
  /**
   * Whether a member's changed profile text goes under review: `off` (default) shows it at once
   * and queues nothing; `post` shows it at once and queues it for the operator, who may reject it
   * (the previous text returns); `pre` keeps the previous text visible until the operator
   * approves the new one.
   */
  text_moderation: z.enum(['off', 'post', 'pre']).optional(),
  /** Sender name of the site's e-mails (`settings.mail_name`); default: the site's name. */
  mail_name: z.string().min(1).optional(),
  /** Sender address of the site's e-mails; default `no-reply@<first domain>`. */
  mail_from: z.email().optional(),
  /** The company behind the site; default: the platform's demo company. */
  company: companySchema.optional(),
  /** Prices: the currency per country and the bundles on sale. */
  prices: z
    .strictObject({
      /** Currency of each served country; countries not listed pay in `default_currency`. */
      currency_by_country: z.record(countryCode, currencyCode).optional(),
      /** Currency when the country has none listed. */
      default_currency: currencyCode.optional(),
      /** Bundles on sale, cheapest first. */
      bundles: z.array(bundleSchema).min(1).optional(),
      /** Welcome discount on the first purchase, in percent (spec: 25). */
      welcome_discount_percentage: z.number().int().min(0).max(90).optional(),
      /** Time-bonus discount for new members, in percent (spec: 25). */
      time_bonus_percentage: z.number().int().min(0).max(90).optional(),
    })
    .optional(),
  /** Limits of free and premium membership. */
  limits: z
    .strictObject({
      /** Youngest age that may sign up (`{min_age}+`). */
      min_age: z.number().int().min(18).max(99).optional(),
      /** Photos a free member may upload. */
      free_photos: z.number().int().min(0).optional(),
      /** Photos a premium member may upload. */
      premium_photos: z.number().int().min(0).optional(),
      /** Conversations a free member may start. */
      free_conversations: z.number().int().min(0).optional(),
      /** Messages a free member may send without credits. */
      free_messages: z.number().int().min(0).optional(),
      /** Days of a conversation's history a free member sees; older messages are hidden (0: all). */
      free_history_days: z.number().int().min(0).optional(),
      /** Likes a day in the swipe game for free members. */
      swipe_likes_per_day: z.number().int().min(0).optional(),
      /**
       * Likes a day for every member, premium or not, swipe likes included (403
       * `like_limit_reached` past it): no script likes the whole network.
       */
      likes_per_day: z.number().int().min(1).max(100_000).optional(),
    })
    .optional(),
  /**
   * Rate limits of the accounts calls (login, signup, password reset, e-mail change), each a
   * number of attempts within a window. Defaults in the platform's `defaults.ts`.
   */
  rate_limits: z
    .strictObject({
      /**
       * Login attempts at one account from one IP address (IPv6: its /64), counted before the
       * password is checked (a right one starts afresh), before that address is locked out of
       * that account for `login_lock_minutes`. Other addresses (the member's own) still get in.
       */
      login_failures: rateRule.optional(),
      /** How long a login lock lasts, in minutes. */
      login_lock_minutes: z.number().int().min(1).max(1440).optional(),
      /**
       * Wrong passwords from one IP address over all accounts. Past it the address is not shut
       * out (a carrier NAT shares one address among many members): it gets one try per account
       * per lock instead of `login_failures`, so spraying a list of passwords slows to a crawl.
       */
      login_ip: rateRule.optional(),
      /**
       * Login attempts at one account from all addresses together (429 `login_throttled`). A
       * browser that has logged in to the account before carries a device cookie and is exempt.
       */
      login_account: rateRule.optional(),
      /** Signups with an invite code from one IP address, counted before the code is checked. */
      signup_invite_ip: rateRule.optional(),
      /** Bounce beacons (`POST /api/bounce.php`) from one IP address. */
      bounce_ip: rateRule.optional(),
      /** Signups from one IP address. */
      signup_ip: rateRule.optional(),
      /** Password-reset requests from one IP address. */
      password_reset_ip: rateRule.optional(),
      /** Password-reset e-mails to one account within 24 hours. */
      password_reset_emails_per_day: z.number().int().min(1).max(50).optional(),
      /** Activation e-mails sent again to one account within 24 hours. */
      activation_emails_per_day: z.number().int().min(1).max(50).optional(),
      /** E-mail address changes requested by one member. */
      email_change: rateRule.optional(),
      /** New traffic-source records from one IP address (keeps bots from filling the table). */
      tracking_ip: rateRule.optional(),
      /**
       * Chat sends (`POST /api/chat.php`) of one member over all the network's sites, refused
       * ones included (429 `rate_limited` with `retry_after`): a person types far fewer.
       */
      chat_send: rateRule.optional(),
    })
    .optional(),
  /**
   * Campaign tokens (`/{token}`): each redirects to a lander with tracking parameters, so an ad
   * can point at a short, memorable URL. A language code or a path of the site's own pages
   * cannot be a token: those URLs are matched first.
   */
  campaigns: z
    .record(
      slug,
      z.strictObject({
        /** Lander to open (default: the niche's). */
        lander: z.string().optional(),
        /** Slug of the lander (default: the niche's landing slug). */
        slug: z.string().optional(),
        /** Tracking parameters to store (network, ref, sub1…). */
        params: z.record(z.string(), z.string()).default({}),
      }),
    )
    .superRefine((campaigns, ctx) => {
      // Reported on the token itself, so the problem names `campaigns.<token>`.
      for (const token of Object.keys(campaigns)) {
        const reason = reservedTokenReason(token);
        if (reason) ctx.addIssue({ code: 'custom', path: [token], message: reason });
      }
    })
    .optional(),
});

/** A tenant file as written (optional fields absent). */
export type TenantInput = z.input<typeof tenantSchema>;
export type TenantFile = z.infer<typeof tenantSchema>;
