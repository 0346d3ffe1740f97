/*
 * Members' reports of profiles and messages (API.md "Safety and moderation") and the moderators'
 * queue of reports and complaints in the console (docs/console.md). The sanctions feature closes
 * reports with `resolveReports`; transparency reports count them with `reportCounts`.
 */
export {
  fileReport,
  reportQueue,
  reportDetail,
  decideItem,
  resolveReports,
  reportCounts,
  reportsAnswered,
  reportsAboutMember,
  reportFacts,
  type ModerationContext,
} from './reports.service.ts';
export {
  REPORT_REASONS,
  reportInputSchema,
  reportFieldMessage,
  queueQuerySchema,
  decisionInputSchema,
  type ReportReason,
  type ReportInput,
  type QueueItem,
  type QueuePage,
  type QueueDetail,
  type HistoryEntry,
} from './reports.schemas.ts';
export { REPORT_DAILY_LIMIT, REPORT_SEVERITY, COMPLAINT_SEVERITY } from './reports.rules.ts';
export { reportsPrivacy } from './reports.privacy.ts';
