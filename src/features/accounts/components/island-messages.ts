import type { MessageKey } from '../../../i18n/index.ts';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DISABLED_REASONS,
} from '../../notifications/notifications.schemas.ts';
import { DELETION_REASONS, FIELD_ERROR_CODES, fieldErrorMessageKey } from '../accounts.schemas.ts';

/**
 * The messages each account island receives (`pickMessages(locale, KEYS)` on the server): the
 * browser gets these strings and no others. A key missing here shows as the key itself in the
 * island, which the browser tests catch.
 */

/** Every field message of the shared schema: any field code may come back from the server. */
const FIELD_MESSAGES: MessageKey[] = [...new Set(FIELD_ERROR_CODES.map(fieldErrorMessageKey))];

const PASSWORD_FIELD: MessageKey[] = ['password.show', 'password.hide'];
const GENERIC: MessageKey[] = ['error.try_later', 'toast.close'];

export const SIGNUP_FORM_MESSAGES: MessageKey[] = [
  ...FIELD_MESSAGES,
  ...PASSWORD_FIELD,
  ...GENERIC,
  'signup.title',
  'signup.close',
  'signup.progress',
  'signup.step',
  'signup.step_about',
  'signup.step_name',
  'signup.step_birth',
  'signup.step_login',
  'signup.step_message',
  'signup.gender',
  'gender.male',
  'gender.female',
  'signup.seeking',
  'signup.seeking_male',
  'signup.seeking_female',
  'signup.seeking_both',
  'signup.invite',
  'signup.invite_hint',
  'signup.name',
  'signup.name_hint',
  'signup.birthdate',
  'signup.birthdate_hint',
  'signup.day',
  'signup.month',
  'signup.year',
  'signup.year_placeholder',
  'signup.email',
  'signup.email_hint',
  'signup.password',
  'signup.password_hint',
  'signup.message',
  'signup.message_hint',
  'signup.characters_left',
  'signup.back',
  'signup.next',
  'signup.submit',
  'signup.submitting',
  'signup.created',
  'signup.terms_notice',
  'signup.terms_link',
  'signup.privacy_link',
  'signup.partners_only',
  'signup.partners_only_hint',
  'signup.closed_hint',
  'index.login_hint',
  'nav.login',
  'accounts.error.signup_closed',
  'accounts.error.email_exists',
  'accounts.error.account_pending_deletion',
  'accounts.error.invite_required',
];

export const LOGIN_MESSAGES: MessageKey[] = [
  ...FIELD_MESSAGES,
  ...PASSWORD_FIELD,
  ...GENERIC,
  'login.email',
  'login.password',
  'login.submit',
  'login.submitting',
  'login.forgot',
  'login.no_account',
  'nav.signup',
  'accounts.error.login_failed',
  'accounts.error.account_locked',
  'accounts.error.login_throttled',
];

export const RESET_REQUEST_MESSAGES: MessageKey[] = [
  ...FIELD_MESSAGES,
  ...GENERIC,
  'login.email',
  'reset.send',
  'reset.sending',
  'reset.sent_title',
  'reset.sent',
  'accounts.error.email_not_found',
  'accounts.error.too_many_reset_emails',
];

export const RESET_PASSWORD_MESSAGES: MessageKey[] = [
  ...FIELD_MESSAGES,
  ...PASSWORD_FIELD,
  ...GENERIC,
  'reset.new_password',
  'reset.repeat_password',
  'signup.password_hint',
  'reset.save',
  'reset.saving',
  'reset.done',
  'reset.request_new',
  'accounts.error.link_invalid',
];

/** The settings screen's islands share one set (e-mail, password, privacy, deletion). */
/** What every form of the settings page shows: its fields' errors and the busy label. */
const SETTINGS_FORM: MessageKey[] = [
  ...FIELD_MESSAGES,
  ...PASSWORD_FIELD,
  ...GENERIC,
  'settings.saving',
  'settings.password_confirm',
];

/*
 * The settings page has four islands; each gets its own list, since every island's messages
 * are serialized into the page (and hashed by Astro) once more on every request.
 */

export const CHANGE_EMAIL_MESSAGES: MessageKey[] = [
  ...SETTINGS_FORM,
  'settings.email_current',
  'settings.email_new',
  'settings.email_submit',
  'settings.email_sent',
  'accounts.error.email_exists',
];

export const CHANGE_PASSWORD_MESSAGES: MessageKey[] = [
  ...SETTINGS_FORM,
  'settings.password_old',
  'reset.new_password',
  'signup.password_hint',
  'settings.keep_session',
  'settings.keep_session_hint',
  'settings.password_submit',
  'settings.password_saved',
];

export const PRIVACY_MODES_MESSAGES: MessageKey[] = [
  ...GENERIC,
  'settings.invisible',
  'settings.invisible_hint',
  'settings.invisible_on',
  'settings.invisible_off',
  'settings.private',
  'settings.private_hint',
  'settings.private_on',
  'settings.private_off',
  'settings.public_profile',
  'settings.public_profile_hint',
  'settings.public_profile_on',
  'settings.public_profile_off',
];

export const DELETE_ACCOUNT_MESSAGES: MessageKey[] = [
  ...SETTINGS_FORM,
  'deletion.intro',
  'deletion.start',
  'deletion.alternatives_title',
  'deletion.alternatives_intro',
  'credits.trial',
  'credits.trial_action',
  'deletion.alt_email',
  'deletion.alt_email_action',
  'deletion.alt_privacy',
  'deletion.alt_privacy_action',
  'deletion.alt_discount',
  'deletion.alt_discount_action',
  'deletion.keep',
  'deletion.continue',
  'deletion.reason_title',
  'deletion.reason_legend',
  'deletion.comment',
  'deletion.confirm_title',
  'deletion.confirm_text',
  'deletion.submit',
  'deletion.deleting',
  'signup.back',
  ...DELETION_REASONS.map((reason): MessageKey => `accounts.delete.reason.${reason}`),
];

/** Every message of the settings page's islands together. */
export const SETTINGS_MESSAGES: MessageKey[] = [
  ...new Set([
    ...CHANGE_EMAIL_MESSAGES,
    ...CHANGE_PASSWORD_MESSAGES,
    ...PRIVACY_MODES_MESSAGES,
    ...DELETE_ACCOUNT_MESSAGES,
  ]),
];

export const NOTIFICATION_MESSAGES: MessageKey[] = [
  ...GENERIC,
  'notify.loading',
  'notify.retry',
  'notify.saved',
  ...NOTIFICATION_CATEGORIES.flatMap((category): MessageKey[] => [
    `notify.category.${category}`,
    `notify.category.${category}_hint`,
  ]),
  ...NOTIFICATION_DISABLED_REASONS.map((reason): MessageKey => `notify.reason.${reason}`),
  'notify.alert.title',
  ...NOTIFICATION_DISABLED_REASONS.map((reason): MessageKey => `notify.alert.${reason}`),
];

export const REACTIVATE_MESSAGES: MessageKey[] = [
  ...GENERIC,
  'deleted.reactivate',
  'deleted.reactivating',
  'deleted.reactivated',
  'deleted.expired_hint',
  'accounts.error.link_invalid',
];
