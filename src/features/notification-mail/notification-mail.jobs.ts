import { notificationSenders } from '../../server/notifications.ts';
import { sitesByNetwork, withheldSites, type ServiceContext } from '../../server/context.ts';
import type { Job, JobContext } from '../../server/jobs/index.ts';
import type { Site } from '../../tenancy/site.ts';
import {
  EMAIL_SENDER,
  sendActivationReminders,
  sendDueNotificationMail,
  sendUnreadReminders,
  sendWeeklyUpdates,
  type MailJobContext,
} from './notification-mail.service.ts';

/** The e-mail jobs' context from the job runner's. */
export function mailJobContext(ctx: Omit<JobContext, 'signal'> & { signal?: AbortSignal }): MailJobContext {
  const sites = new Map<string, Site>();
  for (const site of ctx.sites()) sites.set(site.id, site);
  const networks = sitesByNetwork(sites.values());
  const serviceContext = (site: Site): ServiceContext => ({
    site,
    network: site.network,
    withheldSites: withheldSites(networks.get(site.network) ?? [site], site),
    clock: ctx.clock,
    db: ctx.db,
    mailer: ctx.mailer,
    sms: ctx.sms,
    log: ctx.log,
    rateLimiter: ctx.rateLimiter,
    realtime: ctx.realtime,
    storage: ctx.storage,
    payments: ctx.payments,
    push: ctx.push,
  });
  return {
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    mailer: ctx.mailer,
    secret: ctx.secret,
    scheme: ctx.env.PUBLIC_SCHEME,
    publicPort: ctx.env.PUBLIC_PORT,
    delayMs: ctx.env.NOTIFY_EMAIL_DELAY_SECONDS * 1000,
    gapMs: ctx.env.NOTIFY_EMAIL_GAP_SECONDS * 1000,
    site: (id) => sites.get(id),
    serviceContext,
    otherSenders: () => notificationSenders().filter((s) => s.name !== EMAIL_SENDER),
    signal: ctx.signal,
  };
}

/**
 * The notification e-mails' jobs: the waiting events (every run), the activation reminder, the
 * unread reminder and the weekly update (each checks its own once-only rule, so running often
 * sends nothing twice).
 */
export const notificationMailJobs: Job[] = [
  {
    name: 'notification-mail.due',
    run: async (ctx) => void (await sendDueNotificationMail(mailJobContext(ctx))),
  },
  {
    name: 'notification-mail.reminders',
    async run(ctx) {
      const job = mailJobContext(ctx);
      await sendActivationReminders(job);
      await sendUnreadReminders(job);
      await sendWeeklyUpdates(job, ctx.sites());
    },
  },
];
