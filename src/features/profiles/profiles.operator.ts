import type { Gender, Seeking } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { NetworksPage } from '../../db/keyset.ts';
import type { ServiceContext } from '../../server/context.ts';
import { invalidFields, platformError } from '../../server/errors.ts';
import { ownProfile, profileInputRules, updateOwnProfile } from './profiles.editing.service.ts';
import { profileInputSchema, type OwnProfile } from './profiles.editing.schemas.ts';
import {
  insertOperatorProfile,
  isOperatorPhotoFile,
  operatorProfileRow,
  operatorProfileRows,
  updateOperatorIdentity,
  type OperatorProfileRow,
} from './profiles.operator.repository.ts';

/*
 * Operator-run (fictional) profiles, for the console. They are profiles like members' (the
 * same details, photos and rules of who sees whom) without an account, and always
 * `fictional: true`: nothing here takes the flag as input, and the statements never clear it.
 */

export type { OperatorProfileRow };

export interface OperatorIdentity {
  name?: string | undefined;
  gender?: Gender | undefined;
  birthdate?: string | undefined;
}

export interface NewOperatorProfileInput {
  name: string;
  gender: Gender;
  seeking: Seeking;
  birthdate: string;
  country: string;
}

/** A new operator-run profile on `ctx.site`, with the details the editor takes (`details`). */
export async function createOperatorProfile(
  ctx: ServiceContext,
  input: NewOperatorProfileInput,
  details: unknown,
): Promise<OwnProfile> {
  if (!ctx.site.countries.includes(input.country)) throw invalidFields({ country: 'country_invalid' });
  const parsed = parseDetails(ctx, details);
  const id = newId();
  await insertOperatorProfile(ctx.db, ctx.network, {
    id,
    siteId: ctx.site.id,
    ...input,
    createdAt: ctx.clock.now(),
  });
  return parsed ? updateOwnProfile(ctx, id, parsed) : ownProfile(ctx, id);
}

/** The details (attributes, place, text, interests) in the profile editor's rules for the site. */
function parseDetails(ctx: ServiceContext, details: unknown) {
  if (details === undefined) return undefined;
  const result = profileInputSchema(profileInputRules(ctx.site)).safeParse(details);
  if (result.success) return result.data;
  throw invalidFields(
    Object.fromEntries(
      result.error.issues.map((issue) => [issue.path.join('.') || 'details', issue.message]),
    ),
  );
}

/** An operator-run profile by id; undefined for a member's or none. */
export function findOperatorProfile(
  ctx: Pick<ServiceContext, 'db'>,
  id: string,
): Promise<OperatorProfileRow | undefined> {
  return operatorProfileRow(ctx.db, id);
}

/** The operator-run profiles of the page's networks, newest first. */
export function listOperatorProfiles(
  ctx: Pick<ServiceContext, 'db'>,
  page: NetworksPage,
): Promise<OperatorProfileRow[]> {
  return operatorProfileRows(ctx.db, page);
}

/** Whether `path` is a file of an operator-run profile's photo in `network`. */
export function isOperatorProfilePhoto(
  ctx: Pick<ServiceContext, 'db'>,
  network: string,
  path: string,
): Promise<boolean> {
  return isOperatorPhotoFile(ctx.db, network, path);
}

/** The profile as its editor shows it. */
export function operatorProfileDetails(ctx: ServiceContext, id: string): Promise<OwnProfile> {
  return ownProfile(ctx, id);
}

/** Saves what changed of an operator-run profile: who it is, and its details. Never `fictional`. */
export async function updateOperatorProfile(
  ctx: ServiceContext,
  id: string,
  identity: OperatorIdentity,
  details: unknown,
): Promise<OwnProfile> {
  const parsed = parseDetails(ctx, details);
  const changes = Object.fromEntries(Object.entries(identity).filter(([, v]) => v !== undefined));
  if (!(await updateOperatorIdentity(ctx.db, ctx.network, id, changes, ctx.clock.now())))
    throw platformError('not_found');
  return parsed ? updateOwnProfile(ctx, id, parsed) : ownProfile(ctx, id);
}
