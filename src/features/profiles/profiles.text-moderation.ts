import type { AuditActor } from '../../server/audit/audit.ts';
import {
  decideContent,
  type ModeratedContent,
  type ModerationContext,
  moderationQueueReader,
  type QueueDecision,
  rejectionStatement,
  type ModeratorScope,
} from '../../server/moderation.ts';
import {
  decideTextChange,
  textQueue,
  textUnderReview,
  type TextUnderReview,
} from './profiles.text-review.repository.ts';
import type {
  QueuedText,
  TextDecisionInput,
  TextQueuePage,
  TextRejectionReason,
} from './profiles.text-moderation.schemas.ts';

/*
 * The text queue of the operator console (issue: moderation of photos and texts). On a site
 * with `text_moderation`, a member's changed profile text waits here: `pre` holds it back (the
 * profile keeps the old one) until approved; `post` shows it at once and a rejection brings the
 * old one back. A rejection is e-mailed to the member as a statement of reasons.
 */

/** The section of the terms each reason rests on (7: rules of conduct). */
export const TEXT_REJECTION_GROUNDS: Record<TextRejectionReason, string> = {
  contact_details: '7',
  offensive: '7',
  sexual_services: '7',
  spam: '7',
  other: '7',
};

/**
 * `GET /console/api/texts.php?cursor`: a page of the queue, of the networks the staff moderates
 * (see `moderationQueueReader`).
 */
export const textQueuePage = moderationQueueReader(
  {
    read: textQueue,
    show: (row, queued): QueuedText => ({
      ...queued,
      field: row.field,
      mode: row.mode,
      value: row.value,
      previous: row.previous,
      submitted_at: new Date(row.created_at).toISOString(),
    }),
  },
  (texts, next): TextQueuePage => ({ texts, next }),
);

/** The statement of reasons for a rejected text: which text, when, why, and how to contest it. */
export const textRejectionMail = rejectionStatement(
  TEXT_REJECTION_GROUNDS,
  (
    change: Pick<TextUnderReview, 'email' | 'language' | 'name' | 'created_at' | 'mode' | 'value'>,
    reason,
    { t, site, date, url },
  ) => ({
    subject: t('profile.moderation.mail.subject', { site: site.name }),
    decision: [
      t(
        change.mode === 'pre'
          ? 'profile.moderation.mail.decision_pre'
          : 'profile.moderation.mail.decision_post',
        {
          site: site.name,
          date,
          text: change.value,
        },
      ),
      t(`profile.rejection.${reason}`),
    ],
    notes: [t('profile.moderation.mail.profile_page', { url: url('/profile') })],
  }),
);

/** How the text queue finds, decides, audits and follows up a moderator's decision. */
const TEXT_DECISIONS: ModeratedContent<TextUnderReview, TextRejectionReason, boolean, 'approved'> = {
  subjectType: 'text',
  approvedStatus: 'approved',
  find: textUnderReview,
  decided: (change) => change.status !== 'pending',
  write: (trx, change, verdict, now) =>
    decideTextChange(
      trx,
      change,
      verdict.decision === 'approve'
        ? { approve: true }
        : { approve: false, reason: verdict.reason, note: verdict.note },
      now,
    ),
  audit: (change) => ({
    target: { type: `profile_${change.field}`, id: change.id },
    before: { status: 'pending', mode: change.mode, value: change.value, previous: change.previous },
  }),
  grounds: TEXT_REJECTION_GROUNDS,
  describe: (change) => `Profile ${change.field}`,
  statement: textRejectionMail,
};

/**
 * `PUT /console/api/texts.php`: approves or rejects a pending change of a network the staff
 * member moderates (see `decideContent`); the decision's effect on the profile is in its
 * transaction, and a rejection is e-mailed. Answers the network, whose cached public pages the
 * caller drops when the profile's text changed.
 */
export async function decideTextAsModerator(
  ctx: ModerationContext,
  staff: ModeratorScope,
  actor: AuditActor,
  input: TextDecisionInput,
): Promise<QueueDecision<{ text: { id: string; status: 'approved' | 'rejected' } }>> {
  const { content: change, status } = await decideContent(ctx, staff, actor, input, TEXT_DECISIONS);
  // The profile's public text changed: an approved held-back text, or a rejected one shown already.
  const publicChanged = status === 'approved' ? change.mode === 'pre' : change.mode === 'post';
  return { answer: { text: { id: change.id, status } }, network: change.network_id, publicChanged };
}
