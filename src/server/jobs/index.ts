export {
  createJobRunner,
  registerJobs,
  registeredJobs,
  type Job,
  type JobContext,
  type JobRunner,
  type JobRunnerOptions,
} from './jobs.ts';
