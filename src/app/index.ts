/*
 * The composition root (../shared/ARCHITECTURE.md rule 11): the one place that names the
 * features the server runs. `src/server/` is the toolkit and imports no feature; the features
 * are wired into it here: their jobs, their privacy hooks, their notification senders, their steps
 * of the request pipeline and the gateways of the built server.
 */
import { sanctionsGuard } from '../features/sanctions/index.ts';
import { registerAccountGuards } from '../server/account-guards.ts';
import { registerJobs } from '../server/jobs/index.ts';
import { registerNotificationSenders } from '../server/notifications.ts';
import { registerPrivacy } from '../server/privacy.ts';
import { jobs } from './jobs.list.ts';
import { notificationSenders } from './notifications.list.ts';
import { privacy } from './privacy.list.ts';

export { pipeline } from './pipeline.ts';

/**
 * Registers the features' jobs, privacy hooks and notification senders with the platform: before
 * it boots, once or more.
 */
export function composeServer(): void {
  registerJobs(jobs);
  registerPrivacy(privacy);
  registerNotificationSenders(notificationSenders);
  registerAccountGuards([sanctionsGuard]);
}
