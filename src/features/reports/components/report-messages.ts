import type { MessageKey } from '../../../i18n/index.ts';

/** The words of the reasons a member may report for; the console's queue shows them too. */
export const REPORT_REASON_MESSAGES = [
  'reports.reason.fake',
  'reports.reason.scam',
  'reports.reason.harassment',
  'reports.reason.underage',
  'reports.reason.spam',
  'reports.reason.offensive_photo',
  'reports.reason.other',
] as const satisfies readonly MessageKey[];

/** The messages the report dialog uses; every island that offers it adds these to its own. */
export const REPORT_MESSAGES = [
  'reports.action',
  'reports.action_message',
  'reports.title',
  'reports.title_message',
  'reports.reason',
  ...REPORT_REASON_MESSAGES,
  'reports.text',
  'reports.text_hint',
  'reports.block',
  'reports.send',
  'reports.cancel',
  'reports.sent',
  'reports.pick_reason',
  'error.try_later',
  'toast.close',
] as const satisfies readonly MessageKey[];
