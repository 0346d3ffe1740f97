/*
 * What the rest of the server uses of sanctions: the guards accounts asks (registered by the
 * composition root), the jobs, and what the reports feature calls once it closes reports.
 */
import type { AccountGuard } from '../../server/account-guards.ts';
import { refuseBannedSignup, refuseRestricted, rememberBrowser } from './sanctions.service.ts';

export const sanctionsGuard: AccountGuard = {
  name: 'sanctions',
  sessionStarting: refuseRestricted,
  sessionStarted: rememberBrowser,
  signingUp: refuseBannedSignup,
};

export { sanctionsJobs } from './sanctions.jobs.ts';
export {
  notifyReporterOfDecision,
  recordContentDecision,
  recordDismissal,
  sanctionMember,
  type SanctionsContext,
} from './sanctions.service.ts';
export { appealableModerationContext, sanctionsContext } from './sanctions.context.ts';
