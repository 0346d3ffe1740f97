/**
 * The accounts API's inputs and outputs (API.md "Site and session"), shared by the browser's
 * forms and the server's endpoints: both apply the same rules and name failures with the same
 * field codes, so a form can show the spec's message before and after a round trip.
 *
 * Browser-safe: no server imports here (no node:, no database).
 */
import { z } from '../../lib/zod.ts';
import { CONTROL_CHARACTERS, plainLine, plainLines } from '../../lib/plain-text.ts';
import type { MessageKey, MessageVars } from '../../i18n/index.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { GENDERS, type Gender } from '../../tenancy/niche.schema.ts';
import {
  NOTIFICATION_CATEGORIES,
  notificationsInputSchema,
  type NotificationCategory,
} from '../notifications/notifications.schemas.ts';

export { NOTIFICATION_CATEGORIES, notificationsInputSchema, type NotificationCategory };

/* ------------------------------------------------------------------------------------------ */
/* Limits                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * OWASP ASVS 5 (V6.2): at least 8 characters, at least 64 allowed, no composition rules. The
 * upper bound only keeps a megabyte "password" from tying up the hashing; 256 is far above
 * anything a person or a password manager produces.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const SIGNUP_MESSAGE_MAX_LENGTH = 1000;
export const DELETION_COMMENT_MAX_LENGTH = 1000;
/** Nobody alive was born before this; earlier dates are typing mistakes. */
export const EARLIEST_BIRTHDATE = '1900-01-01';

// The genders the niches choose from are the genders a member can be.
export { GENDERS, type Gender };
/** Whom a member seeks: either gender, or both. */
export const SEEKING = [...GENDERS, 'both'] as const;
export type Seeking = (typeof SEEKING)[number];

/** Why a member leaves (the deletion form's choices, kept for the operator). */
export const DELETION_REASONS = [
  'found_partner',
  'no_matches',
  'too_expensive',
  'too_many_emails',
  'privacy',
  'taking_a_break',
  'other',
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/* ------------------------------------------------------------------------------------------ */
/* Field codes (`fields: { name: code }` of a 422) and their messages                          */
/* ------------------------------------------------------------------------------------------ */

/** Each field code a 422 may carry, with the message a form shows for it. */
const FIELD_ERROR_MESSAGES = {
  required: 'accounts.field.required',
  invalid: 'accounts.field.invalid',
  email_invalid: 'accounts.field.email_invalid',
  email_unchanged: 'accounts.field.email_unchanged',
  name_is_email: 'accounts.field.name_is_email',
  name_starts_with_at: 'accounts.field.name_starts_with_at',
  name_too_short: 'accounts.field.name_too_short',
  name_too_long: 'accounts.field.name_too_long',
  name_invalid: 'accounts.field.name_invalid',
  too_young: 'accounts.field.too_young',
  date_invalid: 'accounts.field.date_invalid',
  password_too_short: 'accounts.field.password_too_short',
  password_too_long: 'accounts.field.password_too_long',
  password_common: 'accounts.field.password_common',
  passwords_differ: 'accounts.field.passwords_differ',
  old_password_wrong: 'accounts.field.old_password_wrong',
  password_wrong: 'accounts.field.password_wrong',
  too_long: 'accounts.field.too_long',
  reason_invalid: 'accounts.field.reason_invalid',
  category_invalid: 'accounts.field.invalid',
  language_invalid: 'accounts.field.invalid',
  endpoint_invalid: 'accounts.field.endpoint_invalid',
  control_characters: 'accounts.field.control_characters',
} as const satisfies Record<string, MessageKey>;
export type FieldErrorCode = keyof typeof FIELD_ERROR_MESSAGES;
export const FIELD_ERROR_CODES = Object.keys(FIELD_ERROR_MESSAGES) as readonly FieldErrorCode[];

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

/** The message key a form shows for a field code (unknown codes: the generic "check this field"). */
export function fieldErrorMessageKey(code: string): MessageKey {
  return isFieldErrorCode(code) ? FIELD_ERROR_MESSAGES[code] : FIELD_ERROR_MESSAGES.invalid;
}

/** The placeholders the field messages use; `min_age` is the site's (`settings.min_age`). */
export function fieldErrorVars(minAge: number): MessageVars {
  return {
    min_age: minAge,
    min: NAME_MIN_LENGTH,
    max: NAME_MAX_LENGTH,
    password_min: PASSWORD_MIN_LENGTH,
    password_max: PASSWORD_MAX_LENGTH,
  };
}

/** A field code as the member reads it: `t` is the server's translator or an island's. */
export function fieldErrorMessage(
  t: (key: MessageKey, vars?: MessageVars) => string,
  code: string,
  minAge: number,
): string {
  return t(fieldErrorMessageKey(code), fieldErrorVars(minAge));
}

/**
 * The field codes of a failed parse, one per top-level field (the first problem of each), as a
 * 422 `validation` answer carries them. Issues whose message is not a code (a wrong JSON type)
 * read as `invalid`, or `required` when the field is missing.
 */
export function fieldErrors(error: z.ZodError): Record<string, FieldErrorCode> {
  const out: Record<string, FieldErrorCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    if (out[field]) continue;
    if (isFieldErrorCode(issue.message)) out[field] = issue.message;
    else if (issue.code === 'invalid_type' && issue.input === undefined) out[field] = 'required';
    else out[field] = 'invalid';
  }
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* Error codes of whole requests, and their messages                                           */
/* ------------------------------------------------------------------------------------------ */

const ACCOUNT_ERROR_MESSAGES = {
  login_failed: 'accounts.error.login_failed',
  account_locked: 'accounts.error.account_locked',
  login_throttled: 'accounts.error.login_throttled',
  email_exists: 'accounts.error.email_exists',
  account_pending_deletion: 'accounts.error.account_pending_deletion',
  signup_closed: 'accounts.error.signup_closed',
  invite_required: 'accounts.error.invite_required',
  trafficsource_required: 'accounts.error.trafficsource_required',
  email_not_found: 'accounts.error.email_not_found',
  too_many_reset_emails: 'accounts.error.too_many_reset_emails',
  link_invalid: 'accounts.error.link_invalid',
  activation_failed: 'accounts.error.activation_failed',
} as const satisfies Record<string, MessageKey>;

/** Codes of the `error` field the accounts calls answer with, beside the platform's own. */
export type AccountErrorCode = keyof typeof ACCOUNT_ERROR_MESSAGES;

export function accountErrorMessageKey(code: AccountErrorCode): MessageKey {
  return ACCOUNT_ERROR_MESSAGES[code];
}

/* ------------------------------------------------------------------------------------------ */
/* Field rules                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** A text field: missing reads `required`, any other JSON type `invalid`. */
function text() {
  return z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') });
}

/** Trimmed and lower-cased: e-mail is unique per site whatever its spelling. */
export const emailField = text()
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX_LENGTH, 'email_invalid')
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((email) => email.toLowerCase());

/**
 * Letters (any script), digits, and the joiners names use; the first character is no joiner.
 * `@` passes here only so that the signup can tell a name that is the e-mail address apart
 * (its own message); any other name with `@` is refused there.
 */
const NAME_PATTERN = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ._'@-]*$/u;

/**
 * Inner runs of spaces fold to one, so "Anna  B" and "Anna B" are the same name. A name is one
 * line: a control character (tab and line break included) or a bidi override is refused with
 * its own message before anything else is said about it.
 */
export const nameField = text()
  .refine(plainLine, { message: CONTROL_CHARACTERS, abort: true })
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .superRefine((name, ctx) => {
    const code: FieldErrorCode | undefined = !name
      ? 'required'
      : name.startsWith('@')
        ? 'name_starts_with_at'
        : [...name].length < NAME_MIN_LENGTH
          ? 'name_too_short'
          : [...name].length > NAME_MAX_LENGTH
            ? 'name_too_long'
            : NAME_PATTERN.test(name)
              ? undefined
              : 'name_invalid';
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });

/** Whether a password is one of the most common ones (the server passes its list). */
export type CommonPasswordCheck = (password: string) => boolean;

/**
 * A new password. Counted in characters (code points), never trimmed: spaces are allowed and
 * are the member's. `isCommon` is the server's list; a browser form may leave it out and learn
 * `password_common` from the answer.
 */
export function newPasswordField(isCommon?: CommonPasswordCheck) {
  return text().superRefine((password, ctx) => {
    const length = [...password].length;
    const code: FieldErrorCode | undefined =
      length === 0
        ? 'required'
        : length < PASSWORD_MIN_LENGTH
          ? 'password_too_short'
          : length > PASSWORD_MAX_LENGTH
            ? 'password_too_long'
            : isCommon?.(password)
              ? 'password_common'
              : undefined;
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });
}

/** A password typed to prove who one is: any non-empty text (its rules were checked once). */
export const currentPasswordField = text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_wrong');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` names a real day of the calendar (no 31 April, no 29 February 2023). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The `YYYY-MM-DD` of an instant, in UTC. */
export function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Whole years from `birthdate` to `today` (both `YYYY-MM-DD`): a birthday counts on its day. */
export function yearsBetween(birthdate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthdate.slice(0, 4));
  return today.slice(5) < birthdate.slice(5) ? years - 1 : years;
}

/**
 * The date of birth: `date_invalid` when it is no real day, lies in the future or before 1900;
 * `too_young` when the member is younger than the site's `min_age` on `now`'s day.
 * A person born on 29 February comes of age on 1 March in common years.
 */
export function birthdateCode(value: string, minAge: number, now: number): FieldErrorCode | undefined {
  if (!isCalendarDate(value)) return 'date_invalid';
  const today = isoDay(now);
  if (value > today || value < EARLIEST_BIRTHDATE) return 'date_invalid';
  return yearsBetween(value, today) < minAge ? 'too_young' : undefined;
}

export function birthdateField(minAge: number, now: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'date_invalid') })
    .trim()
    .superRefine((value, ctx) => {
      const code = value === '' ? 'required' : birthdateCode(value, minAge, now);
      if (code) ctx.addIssue({ code: 'custom', message: code });
    });
}

/** Optional free text with lines (no other control characters): empty or blank means absent. */
function optionalText(max: number) {
  return z
    .string({ error: 'invalid' })
    .trim()
    .max(max, 'too_long')
    .refine(plainLines, CONTROL_CHARACTERS)
    .optional()
    .transform((text) => (text ? text : undefined));
}

/* ------------------------------------------------------------------------------------------ */
/* Inputs                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** What the site decides about a signup: its `min_age`, and the moment (the caller's clock). */
export interface SignupRules {
  minAge: number;
  /** Epoch milliseconds: the server's clock, or the browser's `Date.now()`. */
  now: number;
  isCommonPassword?: CommonPasswordCheck;
}

/**
 * `POST /api/signup.php`. Unknown fields are ignored (a form may send its own, like a repeated
 * password); `gender` and `seeking` default from the niche on the server.
 */
export function signupInputSchema(rules: SignupRules) {
  return z
    .object({
      email: emailField,
      name: nameField,
      password: newPasswordField(rules.isCommonPassword),
      date_of_birth: birthdateField(rules.minAge, rules.now),
      gender: z.enum(GENDERS, { error: 'invalid' }).optional(),
      seeking: z.enum(SEEKING, { error: 'invalid' }).optional(),
      signup_message: optionalText(SIGNUP_MESSAGE_MAX_LENGTH),
      /** The profile the visitor signed up from (`/members/{id}/signup`): the first message's recipient. */
      profile: z
        .string({ error: 'invalid' })
        .regex(/^[0-9a-z]{16}$/, 'invalid')
        .optional(),
      invite: z.string({ error: 'invalid' }).trim().max(64, 'invalid').optional(),
    })
    .superRefine(
      (input, ctx) => {
        // Runs even when the body is no object at all (see `when`): nothing to compare then.
        if (typeof input !== 'object' || input === null) return;
        const name: unknown = input.name;
        if (typeof name !== 'string' || !name.includes('@') || name.startsWith('@')) return;
        const email: unknown = input.email;
        const sameAsEmail = typeof email === 'string' && name.toLowerCase() === email.trim().toLowerCase();
        ctx.addIssue({
          code: 'custom',
          message: sameAsEmail ? 'name_is_email' : 'name_invalid',
          path: ['name'],
        });
      },
      // Also when another field failed: the member should see every problem at once.
      { when: () => true },
    );
}
export type SignupInput = z.infer<ReturnType<typeof signupInputSchema>>;

/**
 * `POST /api/user.php`. Deliberately loose: login never says which part was wrong, so a typed
 * address is looked up as it is (trimmed, lower-cased) rather than refused for its form.
 */
export const loginInputSchema = z.object({
  email: text()
    .trim()
    .min(1, 'required')
    .max(EMAIL_MAX_LENGTH, 'email_invalid')
    .transform((email) => email.toLowerCase()),
  password: currentPasswordField,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** `PUT /api/user.php`: the member's language. */
export const languageInputSchema = z.object({
  language: z.enum(LOCALES, { error: 'language_invalid' }),
});
export type LanguageInput = z.infer<typeof languageInputSchema>;

/** The alerts a member can dismiss for good (spec §3 "Alert dismissals"). */
export const DISMISSIBLE_ALERTS = ['enrich_profile', 'push', 'notifications', 'time_bonus'] as const;
export type DismissibleAlert = (typeof DISMISSIBLE_ALERTS)[number];

/** Whether the runtime knows an IANA zone name (a browser may send anything). */
function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `PUT /api/user.php { time_zone }`. */
export const timeZoneInputSchema = z.object({
  time_zone: z.string().max(64, 'time_zone_invalid').refine(knownTimeZone, 'time_zone_invalid'),
});

/** `PUT /api/user.php { dismissed: { alert: timestamp } }`: one or more alerts closed at a moment. */
export const dismissedInputSchema = z.object({
  dismissed: z
    .partialRecord(z.enum(DISMISSIBLE_ALERTS, { error: 'alert_invalid' }), z.number().int().nonnegative())
    .refine((d) => Object.keys(d).length > 0, 'alert_invalid'),
});

/**
 * `PUT /api/user.php`: one change a call, chosen by the key the body carries, so each change
 * answers its own field codes (a union would answer none of them).
 */
export function userChangeInputSchema(siteLocales: readonly string[]) {
  const language = siteLanguageInputSchema(siteLocales);
  return z.record(z.string(), z.unknown()).transform((body, ctx) => {
    const schema =
      'time_zone' in body ? timeZoneInputSchema : 'dismissed' in body ? dismissedInputSchema : language;
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, input: body } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
}

/** `PUT /api/user.php` as parsed: one of the three changes. */
export type UserChangeInput = z.output<ReturnType<typeof userChangeInputSchema>>;

/** A language the site shows (its visible locales), as `PUT /api/user.php` takes it. */
export function siteLanguageInputSchema(siteLocales: readonly string[]) {
  return languageInputSchema.refine((input) => siteLocales.includes(input.language), {
    path: ['language'],
    message: 'language_invalid',
  });
}

/** `POST /api/user.php?push=1`: the browser's PushSubscription as JSON. */
export const pushSubscriptionInputSchema = z.object({
  subscription: z.object({
    // Whether the server may send to it (https, a public host) is the service's check: the
    // answer is `endpoint_invalid` for any address it refuses.
    endpoint: z.string().min(1, 'endpoint_invalid').max(2048, 'endpoint_invalid'),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string().min(1, 'invalid').max(256, 'invalid'),
      auth: z.string().min(1, 'invalid').max(256, 'invalid'),
    }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `DELETE /api/user.php?push=1`: the endpoint of this browser's subscription. */
export const pushUnsubscribeInputSchema = z.object({
  endpoint: z.string().min(1, 'endpoint_invalid').max(2048, 'endpoint_invalid'),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

/** `POST /api/password-reset.php`: where to send the link. */
export const resetRequestInputSchema = z.object({ email: emailField });
export type ResetRequestInput = z.infer<typeof resetRequestInputSchema>;

/** The e-mailed tokens are 43 base64url characters; anything else is no link of ours. */
/** What an e-mailed link's token looks like; anything else cannot be one of ours. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;
export const tokenField = text().trim().regex(TOKEN_PATTERN, 'invalid');

/** `POST /api/password-reset.php?do=1`: the new password, typed twice. */
export function resetDoInputSchema(isCommonPassword?: CommonPasswordCheck) {
  return z
    .object({
      token: tokenField,
      password: newPasswordField(isCommonPassword),
      password_repeat: text(),
    })
    .superRefine((input, ctx) => {
      if (input.password !== input.password_repeat) {
        ctx.addIssue({ code: 'custom', message: 'passwords_differ', path: ['password_repeat'] });
      }
    });
}
export type ResetDoInput = z.infer<ReturnType<typeof resetDoInputSchema>>;

/**
 * `PUT /api/account.php` changes one thing at a time: the password (the old one proves it is
 * the member), the e-mail address (the password proves it; a link goes to the new address), or
 * the privacy modes. Told apart by their fields, so the form sends exactly one of them.
 */
export function accountInputSchema(isCommonPassword?: CommonPasswordCheck) {
  const passwordChange = z.object({
    kind: z.literal('password').default('password'),
    old_password: currentPasswordField,
    password: newPasswordField(isCommonPassword),
    /** Stay logged in here; every other session ends either way. Default: stay. */
    keep_current_session: z.boolean({ error: 'invalid' }).default(true),
  });
  const emailChange = z.object({
    kind: z.literal('email').default('email'),
    email: emailField,
    password: currentPasswordField,
  });
  const privacy = z
    .object({
      kind: z.literal('privacy').default('privacy'),
      invisible: z.boolean({ error: 'invalid' }).optional(),
      private: z.boolean({ error: 'invalid' }).optional(),
      public_profile: z.boolean({ error: 'invalid' }).optional(),
    })
    .refine(
      (input) =>
        input.invisible !== undefined || input.private !== undefined || input.public_profile !== undefined,
      {
        message: 'required',
        path: ['invisible'],
      },
    );
  return z.unknown().transform((value, ctx) => {
    const body = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const schema = 'old_password' in body ? passwordChange : 'email' in body ? emailChange : privacy;
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  });
}
export type AccountInput = z.infer<ReturnType<typeof accountInputSchema>>;
export type PasswordChangeInput = Extract<AccountInput, { kind: 'password' }>;
export type EmailChangeInput = Extract<AccountInput, { kind: 'email' }>;
export type PrivacyInput = Extract<AccountInput, { kind: 'privacy' }>;

/** `DELETE /api/account.php`: the password, why, and optionally a word for the operator. */
export const deleteAccountInputSchema = z.object({
  password: currentPasswordField,
  reason: z.enum(DELETION_REASONS, { error: 'reason_invalid' }),
  comment: optionalText(DELETION_COMMENT_MAX_LENGTH),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

/** `POST /api/reactivate.php`: the token of the e-mailed link. */
export const reactivateInputSchema = z.object({ token: tokenField });
export type ReactivateInput = z.infer<typeof reactivateInputSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Outputs                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type UserStatus = 'not_confirmed' | 'active';
export type ProfileStatus = 'active' | 'disabled';

export interface MainImage {
  filename: string;
  thumb_filename: string;
  /** The square crop of like modals and match cards. */
  match: string;
}

/**
 * The logged-in member (spec §3 Logged-in user), as `GET /api/user.php` and every call that
 * logs in answer it. Never a database row: only what the member's own browser may know.
 */
export interface User {
  id: string;
  email: string;
  /** `not_confirmed` until the e-mailed activation link is opened. */
  status: UserStatus;
  credits: number;
  paid_user: boolean;
  /** ISO 8601 date-time of the signup. */
  signup_date: string;
  /** The site's icon for fictional profiles. */
  fictional_icon: string;
  /** The account's language (e-mails go out in it). */
  language: (typeof LOCALES)[number];
  notifications_disabled: NotificationCategory[];
  /** Hidden from search, messages and likes. */
  invisible: boolean;
  /** Visible only to profiles the member liked or messaged. */
  private: boolean;
  /**
   * Consent to show the profile (active main photo, name, age, city) on the site's public pages;
   * off until the member switches it on.
   */
  public_profile: boolean;
  /** The IANA time zone the browser reported, or null before it did. */
  time_zone: string | null;
  /** When the member dismissed each alert (epoch ms). */
  dismissed: Partial<Record<DismissibleAlert, number>>;
  profile: {
    /** The member's public profile id (`/members/{id}`). */
    id: string;
    name: string;
    country: string;
    /** `disabled` until the account is activated, then `active`. */
    status: ProfileStatus;
    /** Null until the member has a main photo. */
    main_image: MainImage | null;
  };
}

/** `{ user }` of `GET /api/user.php`: null for a visitor. */
export interface UserResponse {
  user: User | null;
}

/** `DELETE /api/account.php`. */
export interface DeleteAccountResponse {
  ok: true;
  /** ISO 8601: the reactivation link works until then. */
  reactivate_until: string;
}

/** `POST /api/signup.php` as the form sends it: the fields as typed, checked again by the server. */
export type SignupBody = Partial<Record<keyof SignupInput, string>>;

/** `PUT /api/account.php`: one change at a time (see `accountInputSchema`). */
export type AccountChangeBody =
  | { old_password: string; password: string; keep_current_session?: boolean }
  | { email: string; password: string }
  | { invisible?: boolean; private?: boolean; public_profile?: boolean };

/** `PUT /api/user.php`: the language, the time zone or a dismissed alert (API.md). */
export type UserChangeBody =
  LanguageInput | { time_zone: string } | { dismissed: Partial<Record<DismissibleAlert, number>> };

/** The accounts calls of the browser's client (API.md "Site and session"). */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/user.php': { body: undefined; answer: UserResponse };
    'POST /api/user.php': { body: Pick<LoginInput, 'email' | 'password'>; answer: { user: User } };
    'PUT /api/user.php': { body: UserChangeBody; answer: { user: User } };
    'POST /api/user.php?push=1': { body: PushSubscriptionInput; answer: { ok: true } };
    'DELETE /api/user.php?push=1': { body: PushUnsubscribeInput; answer: { ok: true } };
    'POST /api/signup.php': { body: SignupBody; answer: { user: User } };
    'POST /api/logout.php': { body: Record<string, never>; answer: { ok: true } };
    'POST /api/activate.php': { body: Record<string, never>; answer: { ok: true } };
    'POST /api/password-reset.php': { body: ResetRequestInput; answer: { ok: true } };
    'POST /api/password-reset.php?do=1': { body: ResetDoInput; answer: { user: User } };
    /** The answer's user is null when a password change also ended this session. */
    'PUT /api/account.php': { body: AccountChangeBody; answer: { user: User | null } };
    'DELETE /api/account.php': { body: DeleteAccountInput; answer: DeleteAccountResponse };
    'POST /api/reactivate.php': { body: ReactivateInput; answer: { user: User } };
  }
}
