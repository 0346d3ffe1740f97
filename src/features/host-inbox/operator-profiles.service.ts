import { auditNow } from './host-inbox.audit.ts';
import { invalidFields, pageCursor, platformError } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import { networksInScope } from '../../server/staff.ts';
import { readAheadPage } from '../../lib/read-ahead-page.ts';
import { ownPhotos, removePhoto, updatePhoto, uploadPhoto, type PhotosAnswer } from '../photos/index.ts';
import {
  ageOn,
  createOperatorProfile,
  findOperatorProfile,
  isOperatorProfilePhoto,
  listOperatorProfiles,
  operatorProfileDetails,
  updateOperatorProfile,
  type OperatorProfileRow,
} from '../profiles/index.ts';
import type { HostInboxContext } from './host-inbox.context.ts';
import type {
  CreateProfileInput,
  OperatorProfileAnswer,
  OperatorProfilesPage,
  ProfilePhotoChange,
  ProfilesQuery,
  UpdateProfileInput,
} from './operator-profiles.schemas.ts';
import { decodeCursor, encodeCursor } from './host-inbox.cursor.ts';

/*
 * Operator-run profiles in the console (`create_profiles`, in the profile's network): listed
 * per network, created on a site, their texts, attributes and photos edited. They are always
 * fictional; the profiles feature writes the flag and never clears it. Photos go through the
 * photos feature, re-encoded like members' uploads. Every change is an audit entry.
 */

const PAGE_SIZE = 50;
/**
 * An operator-run profile may show as many photos as a premium member's. Its photos' files are
 * shown to the console through the console's own media route (`hostMayView`), as the photo
 * queue's are: a pending photo is served by no site, and the console has no site's address.
 */
const owner = (profileId: string) => ({
  profileId,
  paidUser: true,
  media: (key: string) => `/console/media/${key}`,
});

/**
 * Whether the console's media route may show `path` to staff as a host: a file of an
 * operator-run profile's photo, in a network where they manage such profiles.
 */
export async function hostMayView(
  ctx: Pick<HostInboxContext, 'db'>,
  staff: Pick<HostInboxContext['staff'], 'can'>,
  path: string,
): Promise<boolean> {
  const network = path.split('/')[0] ?? '';
  if (!staff.can('create_profiles', network)) return false;
  return isOperatorProfilePhoto(ctx, network, path);
}

/** The profile and its site's service context, when the staff member may manage it. */
async function manageable(
  ctx: HostInboxContext,
  id: string,
): Promise<{ row: OperatorProfileRow; siteCtx: ServiceContext }> {
  const row = await findOperatorProfile(ctx, id);
  if (!row || !ctx.staff.can('create_profiles', row.network_id)) throw platformError('not_found');
  const site = ctx.siteOf(row.site_id, row.network_id);
  if (!site) throw platformError('not_found');
  return { row, siteCtx: ctx.forSite(site) };
}

/** `GET /console/api/profiles.php`: the operator-run profiles of the caller's networks, newest first. */
export async function operatorProfilesPage(
  ctx: HostInboxContext,
  query: ProfilesQuery,
): Promise<OperatorProfilesPage> {
  const networks = networksInScope(ctx.staff, 'create_profiles', query.network);
  const rows = await listOperatorProfiles(ctx, {
    networks,
    after: pageCursor(query.cursor, decodeCursor),
    limit: PAGE_SIZE + 1,
  });
  const page = readAheadPage(rows, PAGE_SIZE, (last) =>
    encodeCursor({ at: Number(last.created_at), id: last.id }),
  );
  const now = ctx.clock.now();
  return {
    profiles: page.rows.map((row) => ({
      id: row.id,
      network: row.network_id,
      site: row.site_id,
      name: row.name,
      gender: row.gender,
      age: ageOn(row.birthdate, now),
      country: row.country,
      city: row.city,
      fictional: true,
      has_photo: row.main_photo_id !== null,
    })),
    next: page.next,
  };
}

async function answer(siteCtx: ServiceContext, row: OperatorProfileRow): Promise<OperatorProfileAnswer> {
  const profile = await operatorProfileDetails(siteCtx, row.id);
  return {
    profile: { ...profile, fictional: true, network: row.network_id, site: row.site_id },
    photos: await ownPhotos(siteCtx, owner(row.id)),
  };
}

/** `GET /console/api/profiles.php?id=ID`: one profile with its details and photos. */
export async function operatorProfile(ctx: HostInboxContext, id: string): Promise<OperatorProfileAnswer> {
  const { row, siteCtx } = await manageable(ctx, id);
  return answer(siteCtx, row);
}

/** `POST /console/api/profiles.php`: a new operator-run profile on a site of the caller's networks. */
export async function createProfile(
  ctx: HostInboxContext,
  input: CreateProfileInput,
): Promise<OperatorProfileAnswer> {
  const site = ctx.siteOf(input.site, '');
  if (!site || site.id !== input.site) throw invalidFields({ site: 'invalid' });
  if (!ctx.staff.can('create_profiles', site.network)) throw platformError('forbidden');
  const siteCtx = ctx.forSite(site);
  const { details, site: _site, ...identity } = input;
  const created = await createOperatorProfile(siteCtx, identity, details);
  await auditNow(ctx, {
    action: 'profile.create',
    network: site.network,
    target: { type: 'profile', id: created.id },
    after: { site: site.id, ...identity, fictional: true, details: details ?? null },
  });
  const row = await findOperatorProfile(ctx, created.id);
  return answer(siteCtx, row!);
}

/** `PUT /console/api/profiles.php`: texts, attributes, name, gender, birthdate. `fictional` stays true. */
export async function updateProfile(
  ctx: HostInboxContext,
  input: UpdateProfileInput,
): Promise<OperatorProfileAnswer> {
  const { row, siteCtx } = await manageable(ctx, input.id);
  const before = await operatorProfileDetails(siteCtx, row.id);
  const after = await updateOperatorProfile(
    siteCtx,
    row.id,
    { name: input.name, gender: input.gender, birthdate: input.birthdate },
    input.details,
  );
  const { main_image: _b, ...beforeShown } = before;
  const { main_image: _a, ...afterShown } = after;
  await auditNow(ctx, {
    action: 'profile.update',
    network: row.network_id,
    target: { type: 'profile', id: row.id },
    before: beforeShown,
    after: afterShown,
  });
  return answer(siteCtx, row);
}

async function auditPhoto(ctx: HostInboxContext, row: OperatorProfileRow, action: string, after: unknown) {
  await auditNow(ctx, { action, network: row.network_id, target: { type: 'profile', id: row.id }, after });
}

/** `GET /console/api/profile-photos.php?profile=ID`. */
export async function profilePhotos(ctx: HostInboxContext, profileId: string): Promise<PhotosAnswer> {
  const { row, siteCtx } = await manageable(ctx, profileId);
  return ownPhotos(siteCtx, owner(row.id));
}

/** `POST /console/api/profile-photos.php?profile=ID` multipart `photo`: re-encoded like a member's upload. */
export async function addProfilePhoto(
  ctx: HostInboxContext,
  profileId: string,
  bytes: Uint8Array,
): Promise<PhotosAnswer> {
  const { row, siteCtx } = await manageable(ctx, profileId);
  const { photo } = await uploadPhoto(siteCtx, owner(row.id), bytes);
  // The first photo is the profile's face.
  if (row.main_photo_id === null) await updatePhoto(siteCtx, owner(row.id), { id: photo.id, main: true });
  await auditPhoto(ctx, row, 'profile.photo.add', { photo: photo.id });
  return ownPhotos(siteCtx, owner(row.id));
}

/** `PUT /console/api/profile-photos.php`: the main photo, or a photo locked. */
export async function changeProfilePhoto(
  ctx: HostInboxContext,
  input: ProfilePhotoChange,
): Promise<PhotosAnswer> {
  const { row, siteCtx } = await manageable(ctx, input.profile);
  const { profile: _p, ...change } = input;
  const photos = await updatePhoto(siteCtx, owner(row.id), change);
  await auditPhoto(ctx, row, 'profile.photo.update', change);
  return photos;
}

/** `DELETE /console/api/profile-photos.php`. */
export async function deleteProfilePhoto(
  ctx: HostInboxContext,
  input: { profile: string; id: string },
): Promise<PhotosAnswer> {
  const { row, siteCtx } = await manageable(ctx, input.profile);
  const photos = await removePhoto(siteCtx, owner(row.id), input.id);
  await auditPhoto(ctx, row, 'profile.photo.remove', { photo: input.id });
  return photos;
}
