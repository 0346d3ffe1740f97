import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Site } from '../../tenancy/site.ts';
import { takeInviteUse, usableInvite } from './codes.repository.ts';

/* The signup's side of invite codes: accounts asks here whether a code is good, and counts its use. */

/**
 * Whether a signup on `site` may use the invite code: one of the console's codes first, else the
 * tenant file's `invite_codes` (the list of before the console, kept as a fallback). Returns the
 * console code's id (its use is counted by `takeInvite` once the form is valid), `file` for the
 * tenant file's list, or null.
 */
export async function findInvite(
  db: Kysely<Database>,
  site: Pick<Site, 'id' | 'network' | 'inviteCodes'>,
  text: string,
  now: number,
): Promise<{ id: string } | 'file' | null> {
  const code = text.trim().toLowerCase();
  if (!code) return null;
  const row = await usableInvite(db, site.network, site.id, code, now);
  if (row) return { id: row.id };
  return site.inviteCodes.some((valid) => valid.toLowerCase() === code) ? 'file' : null;
}

/** Counts a use of the invite `findInvite` found; false when its last use went to another signup meanwhile. */
export async function takeInvite(
  db: Kysely<Database>,
  network: string,
  invite: { id: string } | 'file',
  now: number,
): Promise<boolean> {
  return invite === 'file' || takeInviteUse(db, network, invite.id, now);
}
