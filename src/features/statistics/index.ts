/*
 * Statistics per site and network, per day, for the console: the rollup job, and what the
 * benchmark writes straight into the rollups.
 */
export { statisticsJobs, rollUpClosedDays } from './statistics.jobs.ts';
export { insertRollupRows } from './statistics.repository.ts';
export { statistics, liveFigures, type StatisticsContext } from './statistics.service.ts';
