/*
 * The photos feature's public face: other features show a profile's photos through
 * `photosForViewer`; the media route asks `mediaAccess` before it sends a file.
 */
export {
  photosForViewer,
  mediaAccess,
  ownPhotos,
  uploadPhoto,
  updatePhoto,
  removePhoto,
  photoLimit,
  storePicture,
  removePictureFiles,
  retirePhotoFiles,
  retireMainPhotoFiles,
  type StoredPicture,
  type MediaAccess,
  type PhotoOwner,
  type ViewerPhoto,
} from './photos.service.ts';
export { readPhotoUpload } from './photos.upload.ts';
export {
  PHOTO_LIMITS,
  MAX_UPLOAD_BYTES,
  photoUpdateSchema,
  photoDeleteSchema,
  type Photo,
  type PhotosAnswer,
  type PhotoUpdate,
} from './photos.schemas.ts';
export { photosFieldMessage } from './photos.messages.ts';
export { photosPrivacy } from './photos.privacy.ts';
/** An appeal that reverses a photo's rejection puts the photo back (the sanctions feature). */
export { restoreRejectedPhoto } from './photos.moderation.repository.ts';
