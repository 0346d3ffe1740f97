export {
  showcaseCards,
  showcaseCount,
  showcaseProfiles,
  showcasePhotoFiles,
  showcaseRegionCounts,
  publicProfile,
  ageOn,
  mediaUrl,
  memberCard,
  memberAudience,
  NO_PHOTO,
  createMemberProfile,
  profileExists,
  refuseUnlessSeenBack,
  seesBack,
  ONLINE_WINDOW_MS,
  type ProfileCard,
  type PublicProfile,
} from './profiles.service.ts';
export type { NewMemberProfile, ShowcaseOptions, Viewer, CardRow } from './profiles.repository.ts';
/*
 * The member-area visibility rule, for the repositories of discovery, likes and swipe: their
 * SQL starts from it so that blocks, invisible and private modes and the network hold alike.
 */
export {
  visibleProfiles,
  walkingIndex,
  cardsOfIds,
  CARD_COLUMNS,
  blockBetween,
  blockOf,
  profileName,
  nameSeenPastBlocks,
  profileSite,
} from './profiles.repository.ts';
/* Moderation: the hold of a profile reported as underage, and what a moderator reads of one. */
export { holdForReview, profileForModeration, photoFileOf } from './profiles.repository.ts';
/** The public rule (visitors): the member search lists visitors only what public pages may show. */
export { publicProfiles, type AudienceFilter } from './profiles.repository.ts';
export {
  PROFILE_BASICS_COLUMNS,
  packedInterests,
  unpackInterests,
  type ProfileBasicsRow,
} from './profiles.editing.repository.ts';
export { INTERESTS, interestsFor, interestShown } from './catalog.ts';
/* The member's own profile (the editor at /profile) and the lists it offers. */
export {
  ownProfile,
  updateOwnProfile,
  profileGaps,
  profileFieldMessage,
  profileInputRules,
  interestOptions,
  regionLists,
  reverseGeocode,
} from './profiles.editing.service.ts';
/*
 * The "enrich profile" alert for member pages is an Astro component, imported by its path
 * (this module is also loaded outside Astro): components/EnrichProfileAlert.astro.
 */
/* Operator-run (fictional) profiles for the console: always `fictional: true`. */
export * from './profiles.operator.ts';
export type { OwnProfile } from './profiles.editing.schemas.ts';
