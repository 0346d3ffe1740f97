export { LANDERS, isLander, landerPath, landerSlug, LANDER_CARDS, type Lander } from './landers.catalog.ts';
export {
  landerContent,
  landerMapSvg,
  profileLanderContent,
  type LanderContent,
  type ProfileLanderContent,
  type RegionCount,
} from './landers.service.ts';
export { campaignLocation } from './campaigns.ts';
export { visibleLocales, LOCALES_BY_COUNTRY } from './visible-locales.ts';
export {
  landerClipServable,
  landerMediaDir,
  landerMediaOf,
  LANDER_MEDIA_FILE,
  type LanderVideo,
} from './media/video.ts';
export { landersJobs } from './landers.jobs.ts';
