import type { Job } from '../../server/jobs/index.ts';
import { purgeExpired } from './retention.service.ts';

/** The retention purge: every row past the period the privacy page promises goes. */
export const retentionJobs: Job[] = [
  {
    name: 'retention.purge',
    run: async (ctx) => {
      await purgeExpired(ctx);
    },
  },
];
