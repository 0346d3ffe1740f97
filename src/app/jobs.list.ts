import { accountsJobs } from '../features/accounts/index.ts';
import { codesJobs } from '../features/codes/codes.jobs.ts';
import { landersJobs } from '../features/landers/index.ts';
import { notificationMailJobs } from '../features/notification-mail/index.ts';
import { pushJobs } from '../features/push/index.ts';
import { sanctionsJobs } from '../features/sanctions/index.ts';
import { retentionJobs } from '../features/retention/index.ts';
import { statisticsJobs } from '../features/statistics/index.ts';
import type { Job } from '../server/jobs/index.ts';

/** Every feature's periodic jobs: a feature with a job adds its list here. */
export const jobs: readonly Job[] = [
  ...accountsJobs,
  ...retentionJobs,
  ...landersJobs,
  ...pushJobs,
  ...notificationMailJobs,
  ...sanctionsJobs,
  ...statisticsJobs,
  ...codesJobs,
];
