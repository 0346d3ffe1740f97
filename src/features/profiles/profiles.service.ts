import type { PhotoStatus } from '../../db/database.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { ageOn } from '../../lib/age.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError } from '../../server/errors.ts';
import {
  countShowcase,
  countShowcaseByRegion,
  findPublicProfile,
  insertMemberProfile,
  listShowcase,
  profileInNetwork,
  type AudienceFilter,
  type CardRow,
  type ShowcaseOptions,
  type ShowcaseRow,
} from './profiles.repository.ts';

/** A profile in a list (API.md "cards"). */
export interface ProfileCard {
  id: string;
  name: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  gender: 'male' | 'female';
  online: boolean;
  fictional: boolean;
  main_image: { filename: string; thumb_filename: string; match: string };
}

export { ageOn };

/** Seen within this window counts as online. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** The date `years` years before `now`, as YYYY-MM-DD. */
export function yearsBefore(now: number, years: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** Where uploaded and generated images are served, under the site's cdn_prefix. */
export function mediaUrl(cdnPrefix: string, filename: string): string {
  return `${cdnPrefix}/media/${filename}`;
}

/** A public profile with the member's own words (shown only where the site shows notes). */
export interface PublicProfile extends ProfileCard {
  text: string | null;
  /**
   * The main photo's moderation status: link previews may use the photo only while it is active
   * (spec §4), whatever the rules of which profiles a public page shows become.
   */
  main_image_status: PhotoStatus;
}

/** The niche's audience as of `now`: ages become a birthdate range. */
function audienceOf(ctx: ServiceContext, now: number): AudienceFilter {
  const audience = ctx.site.nicheConfig.audience;
  return {
    genders: audience.genders,
    seeking: audience.seeking,
    bornOnOrBefore: yearsBefore(now, audience.min_age),
    bornAfter: yearsBefore(now, audience.max_age + 1),
    bodyTypes: audience.body_types,
    withheldSites: ctx.withheldSites,
  };
}

/** What a card shows for a member without an active main photo yet (a static file, same for all). */
export const NO_PHOTO = '/no-photo.svg';

/**
 * A card of the member area (`visibleProfiles` rows): like a public card, but a member without
 * an active main photo is listed too, with the neutral picture in its place.
 */
export function memberCard(ctx: ServiceContext, row: CardRow, now: number): ProfileCard {
  const image = (file: string | null) => (file ? mediaUrl(ctx.site.cdnPrefix, file) : NO_PHOTO);
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthdate, now),
    country: row.country,
    region: row.region,
    city: row.city,
    gender: row.gender,
    online: row.last_active_at !== null && now - row.last_active_at < ONLINE_WINDOW_MS,
    fictional: row.fictional === 1,
    main_image: {
      filename: image(row.filename),
      thumb_filename: image(row.thumb_filename),
      match: image(row.match_filename),
    },
  };
}

/** The niche's audience for member lists, as of `now`. */
export function memberAudience(ctx: ServiceContext, now: number): Omit<AudienceFilter, 'withheldSites'> {
  const { withheldSites: _withheld, ...audience } = audienceOf(ctx, now);
  return audience;
}

/** A list of the members public pages may show (see `presentShowcase`), `limit` at most. */
type ShowcaseList<T> = (ctx: ServiceContext, limit: number, options?: ShowcaseOptions) => Promise<T[]>;

/** The members public pages may show, each presented by `present` at one and the same moment. */
async function presentShowcase<T>(
  ctx: ServiceContext,
  limit: number,
  options: ShowcaseOptions,
  present: (ctx: ServiceContext, row: ShowcaseRow, now: number) => T,
): Promise<T[]> {
  const now = ctx.clock.now();
  const rows = await listShowcase(ctx.db, ctx.network, audienceOf(ctx, now), limit, options);
  return rows.map((row) => present(ctx, row, now));
}

/**
 * Members of the site's network that its niche shows, for public pages: consented or fictional
 * (and then labelled), never invisible or private.
 */
export const showcaseCards: ShowcaseList<ProfileCard> = (ctx, limit, options = {}) =>
  presentShowcase(ctx, limit, options, memberCard);

/** Like `showcaseCards`, with each member's own words where the site shows profile notes. */
export const showcaseProfiles: ShowcaseList<PublicProfile> = (ctx, limit, options = {}) =>
  presentShowcase(ctx, limit, options, withText);

function withText(ctx: ServiceContext, row: ShowcaseRow, now: number): PublicProfile {
  return {
    ...memberCard(ctx, row, now),
    text: ctx.site.visibleProfileNotes ? row.text : null,
    main_image_status: row.main_image_status,
  };
}

interface ShowcasePhotoFile {
  profileId: string;
  file: string;
}

/**
 * The main photos of public members as stored (paths under the upload root), for media made
 * from them on the server (the video lander's clip).
 */
export const showcasePhotoFiles: ShowcaseList<ShowcasePhotoFile> = (ctx, limit, options = {}) =>
  presentShowcase(ctx, limit, options, (_ctx, row) => ({ profileId: row.id, file: row.filename }));

/** How many members public pages may show, optionally only those active since a moment. */
export async function showcaseCount(ctx: ServiceContext, options: ShowcaseOptions = {}): Promise<number> {
  return countShowcase(ctx.db, ctx.network, audienceOf(ctx, ctx.clock.now()), options);
}

/** Members public pages may show, counted per country and region (largest first). */
export async function showcaseRegionCounts(
  ctx: ServiceContext,
): Promise<Array<{ country: string; region: string | null; count: number }>> {
  return countShowcaseByRegion(ctx.db, ctx.network, audienceOf(ctx, ctx.clock.now()));
}

/**
 * One member for a public page (the profile landers): of the site's network and niche,
 * consented or fictional, active; undefined otherwise, so the page answers 404 and never says
 * why. The member's own text only where the site shows profile notes.
 */
export async function publicProfile(
  ctx: ServiceContext,
  profileId: string,
): Promise<PublicProfile | undefined> {
  const now = ctx.clock.now();
  const row = await findPublicProfile(ctx.db, ctx.network, audienceOf(ctx, now), profileId);
  return row && withText(ctx, row, now);
}

/**
 * Writes a new member's profile. Signup calls it inside the transaction that writes the account
 * (`db` is that transaction), so there is never an account without its profile.
 */
export const createMemberProfile = insertMemberProfile;

/** Whether a profile exists in the network (a first message or a signup names one). */
export const profileExists = profileInNetwork;

/**
 * 403 `unreachable` for a like or a message to a profile that cannot see the member back: the
 * member's site keeps its members to itself (`member_resell: false`) and the profile is a member
 * of a sister brand (`profileSiteId`; operator profiles, with none, are the network's), whose
 * lists never show the member. A like or a message would come from someone they cannot see.
 */
export function refuseUnlessSeenBack(
  ctx: ServiceContext,
  profileSiteId: string | null,
  message: MessageKey,
): void {
  if (!seesBack(ctx, profileSiteId)) throw new DomainError('unreachable', { status: 403, message });
}

/** Whether a profile of `profileSiteId` sees the members of `ctx.site` (see `refuseUnlessSeenBack`). */
export function seesBack(ctx: ServiceContext, profileSiteId: string | null): boolean {
  return ctx.site.memberResell || profileSiteId === null || profileSiteId === ctx.site.id;
}
