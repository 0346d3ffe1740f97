/* Constants and shapes of the photos calls, without zod: the browser's island imports these. */

/** Free members keep up to 3 photos, premium members up to 25 (spec §5). */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
/** API.md: uploads of up to 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The types the upload control offers; the server decides by the bytes, not by this. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type PhotoStatus = 'pending' | 'active' | 'rejected';

/** API.md's photo: paths are prefixed with the site's cdn_prefix. */
export interface Photo {
  id: string;
  filename: string;
  thumb_filename: string;
  match: string;
  status: PhotoStatus;
  locked: boolean;
  main: boolean;
}

/** The member's own photos, and how many they may have. */
export interface PhotosAnswer {
  photos: Photo[];
  limit: number;
}
