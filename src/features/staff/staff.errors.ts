import { DomainError, PLATFORM_ERRORS, sharedRefusal, type DomainErrorInit } from '../../server/errors.ts';

export type StaffErrorCode =
  | 'login_failed'
  | 'code_invalid'
  | 'account_locked'
  | 'login_throttled'
  | 'rate_limited'
  | 'staff_disabled'
  | 'staff_exists'
  | 'not_found'
  | 'validation'
  | 'forbidden';

function describe(
  code: StaffErrorCode,
  facts: { retryAfter?: number; minutes?: number; fields?: Record<string, string> },
): DomainErrorInit {
  switch (code) {
    case 'login_failed':
      return { status: 401, message: 'accounts.error.login_failed' };
    case 'code_invalid':
      return { status: 401, message: 'console.error.code_invalid' };
    case 'account_locked': {
      const minutes = facts.minutes ?? 1;
      return {
        status: 429,
        message: 'accounts.error.account_locked',
        vars: { minutes },
        details: { minutes },
        retryAfter: facts.retryAfter ?? 60,
      };
    }
    case 'login_throttled':
      return { status: 429, message: 'console.error.login_throttled', retryAfter: facts.retryAfter ?? 60 };
    case 'rate_limited':
      return { ...PLATFORM_ERRORS.rate_limited, retryAfter: facts.retryAfter ?? 60 };
    case 'staff_disabled':
      return { status: 403, message: 'console.error.staff_disabled' };
    case 'staff_exists':
      return { status: 409, message: 'console.error.staff_exists' };
    case 'not_found':
    case 'forbidden':
    case 'validation':
      return sharedRefusal(code, facts.fields);
  }
}

/** A console refusal with API.md's status and words. */
export function staffError(
  code: StaffErrorCode,
  facts: { retryAfter?: number; minutes?: number; fields?: Record<string, string> } = {},
): DomainError {
  return new DomainError(code, describe(code, facts));
}
