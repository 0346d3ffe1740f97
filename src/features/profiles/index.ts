export {
  showcaseCards,
  showcaseCount,
  showcaseProfiles,
  showcasePhotoFiles,
  showcaseRegionCounts,
  publicProfile,
  ageOn,
  mediaUrl,
  createMemberProfile,
  profileExists,
  ONLINE_WINDOW_MS,
  type ProfileCard,
  type PublicProfile,
} from './profiles.service.ts';
export type { NewMemberProfile, ShowcaseOptions } from './profiles.repository.ts';
export { INTERESTS, interestsFor } from './catalog.ts';
export { photoFileWithdrawn } from './profiles.media.ts';
