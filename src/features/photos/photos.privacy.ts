import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { erasePhotos, exportPhotos } from './photos.repository.ts';

/**
 * The member's photos: the download lists them with the address of each (served to the owner),
 * and erasure removes the rows and answers every stored file (sizes and blurred copies) for the
 * job to delete once the transaction has committed. Runs before the profiles' hook, which
 * empties the profile row the photos hang on.
 */
export const photosPrivacy: PrivacyHook = {
  owner: 'photos',
  tables: ['photos'],
  async export(db, { network, profileId }, view) {
    if (!profileId) return { photos: [] };
    const rows = await exportPhotos(db, network, profileId);
    return { photos: readableTimes(rows.map((photo) => ({ ...photo, url: view.mediaUrl(photo.filename) }))) };
  },
  async erase(trx, { network, profileId }) {
    if (!profileId) return [];
    return erasePhotos(trx, network, profileId);
  },
};
