import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import type { ServiceContext } from '../../server/context.ts';
import { platformError } from '../../server/errors.ts';
import { nearestTown } from '../../server/geo/nearest-town.ts';
import { regionsOf } from '../../tenancy/regions.ts';
import type { Site } from '../../tenancy/site.ts';
import { interestGroup, interestsFor, type Interest } from './catalog.ts';
import {
  findOwnProfile,
  findProfileGaps,
  saveOwnProfile,
  type OwnProfileRow,
  type ProfileChanges,
} from './profiles.editing.repository.ts';
import { heldTextChange, type TextChange } from './profiles.text-review.repository.ts';
import {
  ATTRIBUTE_NAMES,
  CITY_MAX_LENGTH,
  INTERESTS_MAX,
  PROFILE_FIELD_CODES,
  TEXT_MAX_LENGTH,
  type CountryRegionList,
  type GeocodeAnswer,
  type InterestOption,
  type OwnProfile,
  type ProfileGaps,
  type ProfileInput,
  type ProfileInputRules,
} from './profiles.editing.schemas.ts';
import { ageOn, mediaUrl } from './profiles.service.ts';

/** The rules of `PUT /api/profile.php` on a site: its countries and their regions. */
export function profileInputRules(site: Pick<Site, 'countries'>): ProfileInputRules {
  return {
    countries: site.countries,
    regionCodes: (country) => regionsOf(country).regions.map((r) => r.code),
  };
}

/** A field code of the profile editor in the member's language. */
export function profileFieldMessage(t: Translate, code: string): string {
  if (!(PROFILE_FIELD_CODES as readonly string[]).includes(code) && code !== 'coordinate_invalid')
    return generalFieldMessage(t, code);
  return t(`profile.error.${code}` as MessageKey, {
    max:
      code === 'text_too_long' ? TEXT_MAX_LENGTH : code === 'city_too_long' ? CITY_MAX_LENGTH : INTERESTS_MAX,
  });
}

function present(ctx: ServiceContext, row: OwnProfileRow): OwnProfile {
  const image = (file: string | null) => (file ? mediaUrl(ctx.site.cdnPrefix, file) : null);
  return {
    id: row.id,
    name: row.name,
    gender: row.gender as OwnProfile['gender'],
    seeking: row.seeking as OwnProfile['seeking'],
    birthdate: row.birthdate,
    age: ageOn(row.birthdate, ctx.clock.now()),
    sexuality: row.sexuality,
    hair_color: row.hair_color,
    eye_color: row.eye_color,
    body_type: row.body_type,
    relationship_status: row.relationship_status,
    tattoos: row.tattoos,
    interests: row.interests as Interest[],
    country: row.country,
    region: row.region,
    city: row.city,
    text: row.text,
    main_image:
      row.filename && row.thumb_filename && row.match_filename
        ? {
            filename: image(row.filename)!,
            thumb_filename: image(row.thumb_filename)!,
            match: image(row.match_filename)!,
            status: row.photo_status ?? 'pending',
          }
        : null,
  };
}

/** The member's own profile for the editor; only ever the session's own (`profileId`). */
export async function ownProfile(ctx: ServiceContext, profileId: string): Promise<OwnProfile> {
  const row = await findOwnProfile(ctx.db, ctx.network, profileId);
  if (!row) throw platformError('not_found');
  const held =
    ctx.site.textModeration === 'off' ? null : await heldTextChange(ctx.db, ctx.network, profileId, 'text');
  return { ...present(ctx, row), text_pending: held };
}

/**
 * Saves what the member changed (see `profileInputSchema` for what a missing field means). On a
 * site that reviews texts (`text_moderation`) a changed text is queued for a moderator: with
 * `pre` the profile keeps showing the old one until it is approved (the member's editor shows
 * the new one as awaiting review); with `post` it shows at once. A cleared text needs no review.
 */
export async function updateOwnProfile(
  ctx: ServiceContext,
  profileId: string,
  input: ProfileInput,
  memberId?: string,
): Promise<OwnProfile> {
  const changes: ProfileChanges = {};
  if (input.seeking !== undefined) changes.seeking = input.seeking;
  for (const name of ATTRIBUTE_NAMES) if (input[name] !== undefined) changes[name] = input[name];
  if (input.country !== undefined) {
    changes.country = input.country;
    changes.region = input.region ?? null;
    changes.city = input.city ?? null;
  }
  let textReview: TextChange | 'drop' | undefined;
  if (input.text !== undefined) {
    const plan = await textChangePlan(ctx, profileId, memberId, input.text);
    if (plan.apply) changes.text = input.text;
    textReview = plan.review;
  }
  const saved = await saveOwnProfile(
    ctx.db,
    ctx.network,
    profileId,
    changes,
    input.interests,
    ctx.clock.now(),
    textReview,
  );
  if (!saved) throw platformError('not_found');
  return ownProfile(ctx, profileId);
}

/**
 * What a text change means for the queue: nothing to review (`off`, no member, unchanged); a
 * cleared text, shown at once, its pending change withdrawn; `pre`, held back until approved
 * while the profile keeps the old one; `post`, shown at once and queued.
 */
async function textChangePlan(
  ctx: ServiceContext,
  profileId: string,
  memberId: string | undefined,
  text: string | null,
): Promise<{ apply: boolean; review?: TextChange | 'drop' }> {
  const mode = ctx.site.textModeration;
  if (mode === 'off' || !memberId) return { apply: true };
  if (!text) return { apply: true, review: 'drop' };
  const current = (await findOwnProfile(ctx.db, ctx.network, profileId))?.text ?? null;
  // Unchanged: with `pre`, back to the text others see, so the held change is withdrawn.
  if (current === text) return mode === 'pre' ? { apply: true, review: 'drop' } : { apply: true };
  const review = {
    profileId,
    memberId,
    siteId: ctx.site.id,
    field: 'text' as const,
    value: text,
    previous: current,
  };
  return { apply: mode === 'post', review: { ...review, mode } };
}

/** What the profile lacks, or null when it has a photo, interests and own words. */
export async function profileGaps(ctx: ServiceContext, profileId: string): Promise<ProfileGaps | null> {
  const row = await findProfileGaps(ctx.db, ctx.network, profileId);
  if (!row) return null;
  const gaps = { photo: !row.main_photo_id, interests: !row.interest, text: !row.text?.trim() };
  return gaps.photo || gaps.interests || gaps.text ? gaps : null;
}

/** The interests of the catalog with their labels, the niche's featured ones first. */
export function interestOptions(site: Site, t: Translate): InterestOption[] {
  return interestsFor(site.nicheConfig.featured_interests, site.nicheConfig.adult_interests).map((key) => ({
    key,
    label: t(`profile.interest.${key}` as MessageKey),
    group: interestGroup(key),
  }));
}

/** The regions of the site's countries (or of one of them), with what each country calls them. */
export function regionLists(
  site: Site,
  t: Translate,
  country: string | undefined,
): Record<string, CountryRegionList> {
  const countries = country ? [country] : site.countries;
  return Object.fromEntries(
    countries.map((code) => {
      const { label, regions } = regionsOf(code);
      return [code, { type: label, label: t(`region.${label}`), regions }];
    }),
  );
}

/**
 * The place nearest to a point, from bundled data (no third party learns where the member is).
 * Nothing within reach answers nulls; a country the site does not serve says so.
 */
export function reverseGeocode(site: Site, lat: number, lon: number): GeocodeAnswer {
  const town = nearestTown(lat, lon);
  if (!town) return { country: null, region: null, city: null, served: false };
  const served = site.countries.includes(town.country);
  const known = served && town.region && regionsOf(town.country).regions.some((r) => r.code === town.region);
  return { country: town.country, region: known ? town.region : null, city: town.city, served };
}
