/*
 * Notification e-mails (API.md "Away from the site"): the e-mail sender of `notify()`, its jobs,
 * the operators' promotions and news, the one-click unsubscribe and the bounces and complaints.
 * The composition root (src/app/), the endpoints, the scripts and the console's mailings
 * (src/features/codes/) use it.
 */
export {
  campaignReach,
  emailSender,
  sendCampaign,
  sendCampaignBatch,
  sendCampaignTest,
  type Campaign,
  type MailJobContext,
  type MailSending,
} from './notification-mail.service.ts';
export { campaignFrom, campaignSchema } from './notification-mail.campaign.ts';
export { mailJobContext, notificationMailJobs } from './notification-mail.jobs.ts';
export {
  mailEventSchema,
  mailEventsAuthorized,
  recordMailEvent,
  recordMailMessage,
  recordMailReport,
  unsubscribe,
  unsubscribeTarget,
  MailLinkError,
} from './notification-mail.events.ts';
export { notificationMailPrivacy } from './notification-mail.privacy.ts';
