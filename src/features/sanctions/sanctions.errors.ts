import { featureRefusals } from '../../server/errors.ts';

/** The sanctions' own refusals (not found, forbidden and a 422 are the platform's). */
type SanctionErrorCode =
  'account_suspended' | 'account_banned' | 'signup_banned' | 'link_invalid' | 'appeal_open';

/** A refusal of the sanctions' rules, with API.md's status and words. */
export const sanctionError = featureRefusals<
  SanctionErrorCode,
  { until?: number; fields?: Record<string, string> }
>((code, facts) => {
  switch (code) {
    case 'account_suspended': {
      const until = new Date(facts.until ?? 0).toISOString();
      return {
        status: 403,
        message: 'sanctions.error.account_suspended',
        vars: { until: until.slice(0, 16).replace('T', ' ') },
        details: { until },
      };
    }
    case 'account_banned':
      return { status: 403, message: 'sanctions.error.account_banned' };
    case 'signup_banned':
      return { status: 403, message: 'sanctions.error.signup_banned' };
    case 'link_invalid':
      return { status: 400, message: 'accounts.error.link_invalid' };
    case 'appeal_open':
      return { status: 409, message: 'sanctions.error.appeal_open' };
  }
});
