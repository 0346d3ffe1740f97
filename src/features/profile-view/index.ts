export {
  memberProfile,
  openProfile,
  blockedByError,
  type OpenedProfile,
  type ProfileViewer,
} from './profile-view.service.ts';
export {
  memberQuerySchema,
  PROFILE_ATTRIBUTES,
  type MemberProfile,
  type ProfileAttribute,
} from './profile-view.schemas.ts';
