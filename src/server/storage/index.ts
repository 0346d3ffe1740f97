export {
  assertStorageKey,
  isStorageKey,
  StorageKeyError,
  type FileStorage,
  type StoredFile,
} from './file-storage.ts';
export { createLocalStorage } from './local-storage.ts';
export {
  canPresign,
  parseStorageUrl,
  PRESIGN_MAX_SECONDS,
  type PresigningStorage,
  type S3Location,
} from './s3-location.ts';
export { createStorage } from './factory.ts';
