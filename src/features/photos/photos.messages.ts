import type { FieldMessage } from '../../server/endpoint.ts';

/** The words for the photos' field codes in a 422. */
export const photosFieldMessage: FieldMessage = (t, code) => {
  switch (code) {
    case 'image_invalid':
      return t('photos.error.image_invalid');
    case 'image_too_large':
      return t('photos.error.image_too_large');
    case 'photo_locked':
      return t('photos.error.locked_main');
    case 'main_photo':
      return t('photos.error.lock_main');
    case 'photo_rejected':
      return t('photos.error.rejected_main');
    default:
      return t('api.validation');
  }
};
