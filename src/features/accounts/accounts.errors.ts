import { DomainError, PLATFORM_ERRORS, type DomainErrorInit } from '../../server/errors.ts';
import type { FieldMessage } from '../../server/endpoint.ts';
import { accountErrorMessageKey, fieldErrorMessage, type FieldErrorCode } from './accounts.schemas.ts';

export type AccountErrorCode =
  | 'validation'
  | 'login_failed'
  | 'account_locked'
  | 'login_throttled'
  | 'rate_limited'
  | 'email_exists'
  | 'account_pending_deletion'
  | 'signup_closed'
  | 'email_not_found'
  | 'too_many_reset_emails'
  | 'link_invalid'
  | 'authentication_required';

/** What a refusal knows beyond its code; the rules fill in what applies. */
export interface AccountErrorFacts {
  fields?: Record<string, FieldErrorCode>;
  retryAfter?: number;
  minutes?: number;
  /** Why a signup is refused: the site is closed, needs an invite, or a traffic source. */
  reason?: 'closed' | 'invite' | 'trafficsource';
}

const STATUS = {
  login_failed: 401,
  email_exists: 409,
  account_pending_deletion: 409,
  email_not_found: 404,
  link_invalid: 400,
} as const;

const SIGNUP_CLOSED_MESSAGES = {
  closed: 'accounts.error.signup_closed',
  invite: 'accounts.error.invite_required',
  trafficsource: 'accounts.error.trafficsource_required',
} as const;

/** A password reset refused for its count waits a day unless the limit says sooner. */
const RESET_WAIT_SECONDS = 24 * 60 * 60;

/** The status, words and extra fields of API.md for each accounts refusal. */
function describe(code: AccountErrorCode, facts: AccountErrorFacts): DomainErrorInit {
  switch (code) {
    case 'validation':
      return { ...PLATFORM_ERRORS.validation, fields: facts.fields ?? {} };
    case 'rate_limited':
      return { ...PLATFORM_ERRORS.rate_limited, retryAfter: facts.retryAfter ?? 60 };
    case 'authentication_required':
      return PLATFORM_ERRORS.authentication_required;
    case 'signup_closed': {
      const reason = facts.reason ?? 'closed';
      return { status: 403, message: SIGNUP_CLOSED_MESSAGES[reason], details: { reason } };
    }
    case 'account_locked': {
      const minutes = facts.minutes ?? 1;
      return {
        status: 429,
        message: accountErrorMessageKey(code),
        vars: { minutes },
        details: { minutes },
        retryAfter: facts.retryAfter ?? 60,
      };
    }
    case 'login_throttled':
      return { status: 429, message: accountErrorMessageKey(code), retryAfter: facts.retryAfter ?? 60 };
    case 'too_many_reset_emails':
      return {
        status: 429,
        message: accountErrorMessageKey(code),
        retryAfter: facts.retryAfter ?? RESET_WAIT_SECONDS,
      };
    default:
      return { status: STATUS[code], message: accountErrorMessageKey(code) };
  }
}

/** A rule of accounts said no; the endpoint kit answers it as API.md says. */
export class AccountError extends DomainError {
  declare readonly code: AccountErrorCode;
  readonly facts: AccountErrorFacts;
  constructor(code: AccountErrorCode, facts: AccountErrorFacts = {}) {
    super(code, describe(code, facts));
    this.name = 'AccountError';
    this.facts = facts;
  }
}

/** The accounts field codes as the member reads them, with the site's minimum age. */
export const accountFieldMessage: FieldMessage = (t, code, site) =>
  fieldErrorMessage(t, code, site.limits.minAge);
