export { createJobRunner, type Job, type JobContext, type JobRunner, type JobRunnerOptions } from './jobs.ts';
