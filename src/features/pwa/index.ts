export {
  appColours,
  iconPath,
  isIconKind,
  webManifest,
  type IconKind,
  type WebManifest,
} from './pwa.manifest.ts';
export { iconSource, siteIcon } from './pwa.icons.ts';
/** What a push carries: the push feature writes it, the service worker reads it. */
export type { PushPayload } from './pwa.worker-rules.ts';
/** The service worker, built from sw.worker.ts into one classic script. */
export { default as SERVICE_WORKER } from './sw.worker.ts?worker-script';
