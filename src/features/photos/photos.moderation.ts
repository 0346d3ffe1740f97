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
import { ageOn } from '../profiles/index.ts';
import {
  decidePhoto,
  isProfilePhotoFile,
  photoQueue,
  photoUnderReview,
  type PhotoUnderReview,
} from './photos.moderation.repository.ts';
import type { PhotoDecisionInput, PhotoQueuePage } from './photos.moderation.schemas.ts';
import { retirePhotoFiles } from './photos.service.ts';
import type { PhotoRejectionReason } from './photos.types.ts';

/*
 * The photo queue of the operator console (issue: moderation of photos and texts). A photo
 * waits for a moderator until decided: on a pre-moderated site it is pending and nobody but its
 * owner sees it; on a post-moderated one it is shown at once and reviewed after. A rejected photo
 * is served to nobody any more (its files get new names, so every address it had, and every
 * cache of them, stops answering), and the member gets a statement of reasons.
 */

/** What the console's photo calls need (see src/server/moderation.ts). */
export type PhotoModerationContext = ModerationContext;

export const QUEUE_PAGE = 20;

export type PhotoDecision = PhotoDecisionInput;

/** The rule of the terms each reason rests on (the terms' numbered sections). */
export const REJECTION_GROUNDS: Record<PhotoRejectionReason, string> = {
  nudity: '7',
  not_the_member: '7',
  minor: '2',
  offensive: '7',
  contact_details: '7',
  other: '7',
};

/** `GET /console/api/photos.php?cursor`: a page of the queue, of the networks the staff moderates. */
export async function photoQueuePage(
  ctx: PhotoModerationContext,
  staff: ModeratorScope,
  cursor: string | undefined,
): Promise<PhotoQueuePage> {
  const rows = await photoQueue(ctx.db, staff.networksFor('moderate'), decodeCursor(cursor), QUEUE_PAGE + 1);
  const { items, next } = queuePage(rows, QUEUE_PAGE);
  const now = ctx.clock.now();
  return {
    photos: items.map((row) => ({
      id: row.id,
      network: row.network_id,
      site: row.site_id,
      site_name: ctx.site(row.site_id)?.name ?? row.site_id,
      member: { name: row.name, age: ageOn(row.birthdate, now) },
      status: row.status === 'pending' ? 'pending' : 'active',
      uploaded_at: new Date(row.created_at).toISOString(),
      preview: `/console/media/${row.filename}`,
    })),
    next,
  };
}

/**
 * `PUT /console/api/photos.php`: approves or rejects a photo of a network the staff member
 * moderates (another network's photo is the same 404 as none). The decision and its audit entry
 * are one transaction; then a rejected photo's files are renamed away and the member is
 * e-mailed the statement of reasons. Answers the network, whose cached public pages the caller
 * drops when what they show may have changed.
 */
export async function decidePhotoAsModerator(
  ctx: PhotoModerationContext,
  staff: ModeratorScope,
  actor: AuditActor,
  input: PhotoDecision,
): Promise<{
  photo: { id: string; status: 'active' | 'rejected' };
  network: string;
  publicChanged: boolean;
}> {
  const photo = await photoUnderReview(ctx.db, input.id);
  if (!photo || !staff.can('moderate', photo.network_id)) throw platformError('not_found');
  if (photo.reviewed_at !== null || photo.status === 'rejected') throw alreadyDecided();
  const note = input.decision === 'reject' ? input.note?.trim() || null : null;
  const now = ctx.clock.now();
  const status = input.decision === 'approve' ? 'active' : 'rejected';
  const result = await ctx.db.transaction().execute(async (trx) => {
    const decided = await decidePhoto(
      trx,
      photo.network_id,
      { id: photo.id, profileId: photo.profile_id },
      input.decision === 'approve'
        ? { decision: 'approve' }
        : { decision: 'reject', reason: input.reason, note },
      now,
    );
    if (!decided.decided) return decided;
    await recordAudit(
      trx,
      actor,
      {
        action: input.decision === 'approve' ? 'photo.approve' : 'photo.reject',
        network: photo.network_id,
        target: { type: 'photo', id: photo.id },
        member: photo.member_id,
        before: { status: photo.status },
        after: input.decision === 'approve' ? { status } : { status, reason: input.reason, note },
      },
      now,
    );
    return decided;
  });
  if (!result.decided) throw alreadyDecided();
  if (input.decision === 'reject') await afterRejection(ctx, photo, input.reason, note);
  // A pending photo approved, or any photo rejected, may change what public pages show.
  const publicChanged = result.mainChanged || photo.status !== status;
  return { photo: { id: photo.id, status }, network: photo.network_id, publicChanged };
}

/** The rejected photo's old addresses stop answering, and its member learns why. */
async function afterRejection(
  ctx: PhotoModerationContext,
  photo: PhotoUnderReview,
  reason: PhotoRejectionReason,
  note: string | null,
): Promise<void> {
  const site = ctx.siteContext(photo.site_id);
  if (!site) {
    ctx.log.warn('photo rejected on a site that is gone: files kept, no e-mail', { site: photo.site_id });
    return;
  }
  await retirePhotoFiles(site, photo.id);
  await sendRejectionStatement(
    ctx,
    site,
    {
      subjectType: 'photo',
      content: photo,
      what: `Photo ${photo.id}`,
      reason,
      note,
      section: REJECTION_GROUNDS[reason],
    },
    (appeal) => rejectionMail(ctx, site.site, photo, reason, note, appeal),
  );
}

/**
 * The statement of reasons (Digital Services Act, art. 17): what was decided, on which facts
 * (which photo, uploaded when), on which rule of the terms, that a person decided it, and how
 * to seek redress.
 */
export function rejectionMail(
  ctx: Pick<ModerationContext, 'siteOrigin'>,
  site: Site,
  photo: Pick<PhotoUnderReview, 'email' | 'language' | 'name' | 'created_at'>,
  reason: PhotoRejectionReason,
  note: string | null,
  appealToken: string | null = null,
) {
  return contentRejectionMail(
    ctx,
    site,
    photo,
    { section: REJECTION_GROUNDS[reason], note, appealToken },
    ({ t, date, url }) => ({
      subject: t('photos.moderation.mail.subject', { site: site.name }),
      decision: [
        t('photos.moderation.mail.decision', { site: site.name, date }),
        t(`photos.rejection.${reason}`),
      ],
      notes: [t('photos.moderation.mail.photos_page', { url: url('/profile/photos') })],
    }),
  );
}

/** Whether a staff member may see a stored file in the console: a profile photo of a network they moderate. */
export async function moderatorMayView(
  ctx: Pick<PhotoModerationContext, 'db'>,
  staff: ModeratorScope,
  path: string,
): Promise<boolean> {
  const network = path.split('/')[0] ?? '';
  if (!staff.can('moderate', network)) return false;
  return isProfilePhotoFile(ctx.db, network, path);
}
