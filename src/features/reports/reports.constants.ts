/*
 * What the report form needs in the browser, apart from the schemas: importing
 * `reports.schemas.ts` there would ship zod to every page that offers the report flag (the
 * search, the likes, a profile), which validate nothing in the browser.
 */

/** Why a member reports a profile; the form offers them in this order. */
export const REPORT_REASONS = [
  'fake',
  'scam',
  'harassment',
  'underage',
  'spam',
  'offensive_photo',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reporter's words, at most. */
export const REPORT_TEXT_MAX = 2000;
