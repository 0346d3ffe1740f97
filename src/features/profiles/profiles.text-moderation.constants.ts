/*
 * What the console's text queue needs in the browser, apart from the schemas: importing
 * `profiles.text-moderation.schemas.ts` there would ship zod to the queue, whose decisions the
 * server validates.
 */

/** Why a moderator may reject a changed text; each has its sentence for the member. */
export const TEXT_REJECTION_REASONS = [
  'contact_details',
  'offensive',
  'sexual_services',
  'spam',
  'other',
] as const;
export type TextRejectionReason = (typeof TEXT_REJECTION_REASONS)[number];
