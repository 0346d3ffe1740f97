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
  decidePhoto,
  isProfilePhotoFile,
  photoQueue,
  photoUnderReview,
  type PhotoUnderReview,
} from './photos.moderation.repository.ts';
import type { PhotoDecisionInput, PhotoQueuePage, QueuedPhoto } from './photos.moderation.schemas.ts';
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

/**
 * `GET /console/api/photos.php?cursor`: a page of the queue, of the networks the staff moderates
 * (see `moderationQueueReader`).
 */
export const photoQueuePage = moderationQueueReader(
  {
    read: photoQueue,
    show: (row, queued): QueuedPhoto => ({
      ...queued,
      status: row.status === 'pending' ? 'pending' : 'active',
      uploaded_at: new Date(row.created_at).toISOString(),
      preview: `/console/media/${row.filename}`,
    }),
  },
  (photos, next): PhotoQueuePage => ({ photos, next }),
);

/**
 * The statement of reasons (Digital Services Act, art. 17): what was decided, on which facts
 * (which photo, uploaded when), on which rule of the terms, that a person decided it, and how
 * to seek redress.
 */
export const rejectionMail = rejectionStatement(
  REJECTION_GROUNDS,
  (
    _photo: Pick<PhotoUnderReview, 'email' | 'language' | 'name' | 'created_at'>,
    reason,
    { t, site, date, url },
  ) => ({
    subject: t('photos.moderation.mail.subject', { site: site.name }),
    decision: [
      t('photos.moderation.mail.decision', { site: site.name, date }),
      t(`photos.rejection.${reason}`),
    ],
    notes: [t('photos.moderation.mail.photos_page', { url: url('/profile/photos') })],
  }),
);

/** How the photo queue finds, decides, audits and follows up a moderator's decision. */
const PHOTO_DECISIONS: ModeratedContent<
  PhotoUnderReview,
  PhotoRejectionReason,
  { mainChanged: boolean },
  'active'
> = {
  subjectType: 'photo',
  approvedStatus: 'active',
  find: photoUnderReview,
  decided: (photo) => photo.reviewed_at !== null || photo.status === 'rejected',
  async write(trx, photo, verdict, now) {
    const result = await decidePhoto(
      trx,
      photo.network_id,
      { id: photo.id, profileId: photo.profile_id },
      verdict,
      now,
    );
    return result.decided ? result : false;
  },
  audit: (photo) => ({ target: { type: 'photo', id: photo.id }, before: { status: photo.status } }),
  grounds: REJECTION_GROUNDS,
  describe: (photo) => `Photo ${photo.id}`,
  statement: rejectionMail,
  // The rejected photo's old addresses stop answering.
  retire: (site, photo) => retirePhotoFiles(site, photo.id),
  siteGoneWarning: 'photo rejected on a site that is gone: files kept, no e-mail',
};

/**
 * `PUT /console/api/photos.php`: approves or rejects a photo of a network the staff member
 * moderates (see `decideContent`); a rejected photo's files are renamed away and the member is
 * e-mailed the statement of reasons. Answers the network, whose cached public pages the caller
 * drops when what they show may have changed.
 */
export async function decidePhotoAsModerator(
  ctx: PhotoModerationContext,
  staff: ModeratorScope,
  actor: AuditActor,
  input: PhotoDecision,
): Promise<QueueDecision<{ photo: { id: string; status: 'active' | 'rejected' } }>> {
  const { content: photo, written, status } = await decideContent(ctx, staff, actor, input, PHOTO_DECISIONS);
  // A pending photo approved, or any photo rejected, may change what public pages show.
  const publicChanged = written.mainChanged || photo.status !== status;
  return { answer: { photo: { id: photo.id, status } }, network: photo.network_id, publicChanged };
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
