/* Constants and shapes of the photos calls, without zod: the browser's island imports these. */

/** Free members keep up to 3 photos, premium members up to 25 (spec §5). */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
/** API.md: uploads of up to 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The types the upload control offers; the server decides by the bytes, not by this. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type PhotoStatus = 'pending' | 'active' | 'rejected';

/** Why a moderator may reject a photo; each has its sentence for the member and its rule. */
export const PHOTO_REJECTION_REASONS = [
  'nudity',
  'not_the_member',
  'minor',
  'offensive',
  'contact_details',
  'other',
] as const;
export type PhotoRejectionReason = (typeof PHOTO_REJECTION_REASONS)[number];

/** API.md's photo: paths are prefixed with the site's cdn_prefix. */
export interface Photo {
  id: string;
  filename: string;
  thumb_filename: string;
  match: string;
  status: PhotoStatus;
  locked: boolean;
  main: boolean;
  /**
   * Only on the owner's own list, for a rejected photo: why (its sentence is on the photos
   * page) and the moderator's note with `other`. Its files are served to nobody any more.
   */
  rejection?: { reason: PhotoRejectionReason; note: string | null };
}

/** The member's own photos, and how many they may have. */
export interface PhotosAnswer {
  photos: Photo[];
  limit: number;
}
