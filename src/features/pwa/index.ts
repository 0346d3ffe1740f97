export {
  appColours,
  iconPath,
  isIconKind,
  webManifest,
  type IconKind,
  type WebManifest,
} from './pwa.manifest.ts';
export { iconSource, siteIcon } from './pwa.icons.ts';
/** The service worker, built from sw.worker.ts into one classic script. */
export { default as SERVICE_WORKER } from './sw.worker.ts?worker-script';
