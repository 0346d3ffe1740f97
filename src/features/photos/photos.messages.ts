import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { FieldMessage } from '../../server/endpoint.ts';

const FIELD_MESSAGES = new Map<string, MessageKey>([
  ['image_invalid', 'photos.error.image_invalid'],
  ['image_too_large', 'photos.error.image_too_large'],
  ['photo_locked', 'photos.error.locked_main'],
  ['main_photo', 'photos.error.lock_main'],
  ['photo_rejected', 'photos.error.rejected_main'],
]);

/** The words for the photos' field codes in a 422. */
export const photosFieldMessage: FieldMessage = (t, code) => {
  const key = FIELD_MESSAGES.get(code);
  return key ? t(key) : generalFieldMessage(t, code);
};
