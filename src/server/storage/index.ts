export {
  assertStorageKey,
  isStorageKey,
  StorageKeyError,
  type FileStorage,
  type StoredFile,
} from './file-storage.ts';
export { createLocalStorage } from './local-storage.ts';
