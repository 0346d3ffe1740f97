import type { Photo } from '../photos.types.ts';

/**
 * A photo's review status as its badge's colours: on the member's photo page and in the console's
 * editor of operator-run profiles.
 */
export const PHOTO_STATUS_BADGE: Record<Photo['status'], string> = {
  pending: 'text-bg-warning',
  active: 'text-bg-success',
  rejected: 'text-bg-danger',
};
