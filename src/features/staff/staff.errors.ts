import { featureRefusals, PLATFORM_ERRORS } from '../../server/errors.ts';

/** The console's own refusals (not found, forbidden and a 422 are the platform's). */
type StaffErrorCode =
  | 'login_failed'
  | 'code_invalid'
  | 'account_locked'
  | 'login_throttled'
  | 'rate_limited'
  | 'staff_disabled'
  | 'staff_exists';

/** A console refusal with API.md's status and words. */
export const staffError = featureRefusals<
  StaffErrorCode,
  { retryAfter?: number; minutes?: number; fields?: Record<string, string> }
>((code, facts) => {
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
  }
});
