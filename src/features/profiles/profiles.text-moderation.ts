import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import { platformError } from '../../server/errors.ts';
import {
  alreadyDecided,
  contentRejectionMail,
  decodeCursor,
  type ModerationContext,
  type ModeratorScope,
  queuePage,
  sendRejectionStatement,
} from '../../server/moderation.ts';
import type { Site } from '../../tenancy/site.ts';
import { ageOn } from './profiles.service.ts';
import {
  decideTextChange,
  textQueue,
  textUnderReview,
  type TextUnderReview,
} from './profiles.text-review.repository.ts';
import type {
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

export const TEXT_QUEUE_PAGE = 20;

/** The section of the terms each reason rests on (7: rules of conduct). */
export const TEXT_REJECTION_GROUNDS: Record<TextRejectionReason, string> = {
  contact_details: '7',
  offensive: '7',
  sexual_services: '7',
  spam: '7',
  other: '7',
};

/** `GET /console/api/texts.php?cursor`: a page of the queue, of the networks the staff moderates. */
export async function textQueuePage(
  ctx: ModerationContext,
  staff: ModeratorScope,
  cursor: string | undefined,
): Promise<TextQueuePage> {
  const rows = await textQueue(
    ctx.db,
    staff.networksFor('moderate'),
    decodeCursor(cursor),
    TEXT_QUEUE_PAGE + 1,
  );
  const { items, next } = queuePage(rows, TEXT_QUEUE_PAGE);
  const now = ctx.clock.now();
  return {
    texts: items.map((row) => ({
      id: row.id,
      network: row.network_id,
      site: row.site_id,
      site_name: ctx.site(row.site_id)?.name ?? row.site_id,
      member: { name: row.name, age: ageOn(row.birthdate, now) },
      field: row.field,
      mode: row.mode,
      value: row.value,
      previous: row.previous,
      submitted_at: new Date(row.created_at).toISOString(),
    })),
    next,
  };
}

/**
 * `PUT /console/api/texts.php`: approves or rejects a pending change of a network the staff
 * member moderates (another network's is the same 404 as none). The decision, its effect on the
 * profile and its audit entry are one transaction; then a rejection is e-mailed. Answers the
 * network, whose cached public pages the caller drops when the profile's text changed.
 */
export async function decideTextAsModerator(
  ctx: ModerationContext,
  staff: ModeratorScope,
  actor: AuditActor,
  input: TextDecisionInput,
): Promise<{
  text: { id: string; status: 'approved' | 'rejected' };
  network: string;
  profileChanged: boolean;
}> {
  const change = await textUnderReview(ctx.db, input.id);
  if (!change || !staff.can('moderate', change.network_id)) throw platformError('not_found');
  if (change.status !== 'pending') throw alreadyDecided();
  const approve = input.decision === 'approve';
  const note = input.decision === 'reject' ? input.note?.trim() || null : null;
  const status = approve ? 'approved' : 'rejected';
  const now = ctx.clock.now();
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const done = await decideTextChange(
      trx,
      change,
      input.decision === 'approve' ? { approve: true } : { approve: false, reason: input.reason, note },
      now,
    );
    if (!done) return false;
    await recordAudit(
      trx,
      actor,
      {
        action: approve ? 'text.approve' : 'text.reject',
        network: change.network_id,
        target: { type: `profile_${change.field}`, id: change.id },
        member: change.member_id,
        before: { status: 'pending', mode: change.mode, value: change.value, previous: change.previous },
        after: input.decision === 'approve' ? { status } : { status, reason: input.reason, note },
      },
      now,
    );
    return true;
  });
  if (!decided) throw alreadyDecided();
  if (input.decision === 'reject') await mailRejection(ctx, change, input.reason, note);
  const profileChanged = approve ? change.mode === 'pre' : change.mode === 'post';
  return { text: { id: change.id, status }, network: change.network_id, profileChanged };
}

async function mailRejection(
  ctx: ModerationContext,
  change: TextUnderReview,
  reason: TextRejectionReason,
  note: string | null,
): Promise<void> {
  const site = ctx.siteContext(change.site_id);
  if (!site) return;
  await sendRejectionStatement(
    ctx,
    site,
    {
      subjectType: 'text',
      content: change,
      what: `Profile ${change.field}`,
      reason,
      note,
      section: TEXT_REJECTION_GROUNDS[reason],
    },
    (appeal) => textRejectionMail(ctx, site.site, change, reason, note, appeal),
  );
}

/** The statement of reasons for a rejected text: which text, when, why, and how to contest it. */
export function textRejectionMail(
  ctx: Pick<ModerationContext, 'siteOrigin'>,
  site: Site,
  change: Pick<TextUnderReview, 'email' | 'language' | 'name' | 'created_at' | 'mode' | 'value'>,
  reason: TextRejectionReason,
  note: string | null,
  appealToken: string | null = null,
) {
  return contentRejectionMail(
    ctx,
    site,
    change,
    { section: TEXT_REJECTION_GROUNDS[reason], note, appealToken },
    ({ t, date, url }) => ({
      subject: t('profile.moderation.mail.subject', { site: site.name }),
      decision: [
        t(
          change.mode === 'pre'
            ? 'profile.moderation.mail.decision_pre'
            : 'profile.moderation.mail.decision_post',
          { site: site.name, date, text: change.value },
        ),
        t(`profile.rejection.${reason}`),
      ],
      notes: [t('profile.moderation.mail.profile_page', { url: url('/profile') })],
    }),
  );
}
