import type { ServiceContext } from '../../server/context.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import { markLikeSeen } from '../likes/index.ts';
import { photosForViewer } from '../photos/index.ts';
import { INTERESTS, interestShown, memberCard, unpackInterests } from '../profiles/index.ts';
import { PROFILE_ATTRIBUTES, type MemberProfile, type ProfileAttribute } from './profile-view.schemas.ts';
import { ownProfileRow, viewedProfileRow, type ProfileRow } from './profile-view.repository.ts';

/** Who opens a profile: their own profile id and whether they are premium (locked photos). */
export interface ProfileViewer {
  profileId: string;
  premium: boolean;
}

/** API.md's 403 `blocked`: the profile blocked the viewer, who learns only the name. */
export function blockedByError(name: string): DomainError {
  return new DomainError('blocked', {
    status: 403,
    message: 'profileview.blocked_by',
    vars: { name },
    details: { name },
  });
}

/**
 * A profile as a member opens it (`/members/{id}`, `/likes/m/{id}`, `GET /api/member.php`).
 * Anything the member-area rule does not show past blocks (another network, a sister brand
 * that withholds its members, invisible, private, deleted, unknown) is 404, never saying which,
 * whether or not there is a block. Of the rest, a profile that blocked the viewer is answered
 * 403 with its name, and one the viewer blocked is shown with `blocked: true`, so it can be
 * unblocked from there. Opening a profile clears that member's new-like flag.
 */
export async function memberProfile(
  ctx: ServiceContext,
  viewer: ProfileViewer,
  profileId: string,
): Promise<MemberProfile> {
  const now = ctx.clock.now();
  if (profileId === viewer.profileId) {
    const row = await ownProfileRow(ctx.db, ctx.network, profileId);
    if (!row) throw platformError('not_found');
    return present(ctx, viewer, row, now, {
      liked: false,
      liked_by: false,
      blocked: false,
      own: true,
    });
  }
  // The rule past blocks first: a block shows nothing of a profile the viewer may not see.
  const row = await viewedProfileRow(
    ctx.db,
    ctx.network,
    viewer.profileId,
    ctx.withheldSites,
    profileId,
    now,
  );
  if (!row) throw platformError('not_found');
  if (row.blocked_by_them) throw blockedByError(row.name);
  if (row.liked_by_unseen) await markLikeSeen(ctx, viewer.profileId, profileId);
  return present(ctx, viewer, row, now, {
    liked: Boolean(row.liked),
    liked_by: Boolean(row.liked_by),
    blocked: Boolean(row.blocked_by_viewer),
    own: false,
  });
}

/** The profile as the viewer sees it: its card, photos, fields, interests and words. */
async function present(
  ctx: ServiceContext,
  viewer: ProfileViewer,
  row: ProfileRow,
  now: number,
  state: Pick<MemberProfile, 'liked' | 'liked_by' | 'blocked' | 'own'>,
): Promise<MemberProfile> {
  const photos = await photosForViewer(ctx, row.id, viewer);
  const interests = unpackInterests(row.interests);
  return {
    ...memberCard(ctx, row, now),
    photos,
    attributes: attributesShown(ctx, row),
    interests: inCatalogOrder(interests, ctx.site.nicheConfig.adult_interests),
    text: ctx.site.visibleProfileNotes ? row.text : null,
    ...state,
  };
}

/** The fields the site shows (`visible_profile_fields`) that the member filled in. */
function attributesShown(
  ctx: ServiceContext,
  details: ProfileRow,
): Partial<Record<ProfileAttribute, string>> {
  const shown: Partial<Record<ProfileAttribute, string>> = {};
  for (const field of PROFILE_ATTRIBUTES) {
    const value = details[field];
    if (value && ctx.site.visibleProfileFields.includes(field)) shown[field] = value;
  }
  return shown;
}

/** The interests in the catalogue's order; adult ones only on a site whose niche is adult. */
function inCatalogOrder(interests: string[], adultNiche: boolean): string[] {
  const order = new Map<string, number>(INTERESTS.map((key, i) => [key, i]));
  return interests
    .filter((key) => order.has(key) && interestShown(key, adultNiche))
    .sort((a, b) => order.get(a)! - order.get(b)!);
}

/** What a profile page shows: the profile, the blocked notice (403), or nothing (404). */
export type OpenedProfile =
  { kind: 'profile'; profile: MemberProfile } | { kind: 'blocked'; name: string } | { kind: 'not_found' };

/** `memberProfile` for the pages, whose answers are a screen rather than an error body. */
export async function openProfile(
  ctx: ServiceContext,
  viewer: ProfileViewer,
  profileId: string,
): Promise<OpenedProfile> {
  try {
    return { kind: 'profile', profile: await memberProfile(ctx, viewer, profileId) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'blocked') return { kind: 'blocked', name: String(error.details.name) };
    if (error.code === 'not_found') return { kind: 'not_found' };
    throw error;
  }
}
