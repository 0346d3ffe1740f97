export {
  showcaseCards,
  showcaseCount,
  showcaseProfiles,
  showcasePhotoFiles,
  showcaseRegionCounts,
  publicProfile,
  ageOn,
  mediaUrl,
  ONLINE_WINDOW_MS,
  type ProfileCard,
  type PublicProfile,
} from './profiles.service.ts';
export type { ShowcaseOptions } from './profiles.repository.ts';
export { INTERESTS, interestsFor } from './catalog.ts';
