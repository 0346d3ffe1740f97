export {
  createJobRunner,
  DEFAULT_LEASE_MS,
  registerJobs,
  registeredJobs,
  type Job,
  type JobContext,
  type JobRunner,
  type JobRunnerOptions,
} from './jobs.ts';
export { underLease, type LeasedRun } from './under-lease.ts';
