import type { Kysely, Transaction } from 'kysely';
import type { Database, Gender } from '../../db/database.ts';
import { newProfileRow, type NewProfile } from './profiles.repository.ts';
import { networksKeysetPage, type NetworksPage } from '../../db/keyset.ts';
import { selectInNetwork } from '../../db/query-network.ts';

/*
 * Operator-run (fictional) profiles as the console manages them. Every statement here writes
 * `fictional = 1` on insert and matches only `fictional = 1` rows on update; none of them can
 * set the flag back: the label of such a profile can never be switched off.
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertOperatorProfile(db: Db, network: string, profile: NewProfile): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ ...newProfileRow(network, profile, { memberId: null, status: 'active' }), fictional: 1 })
    .execute();
}

export interface OperatorProfileRow {
  id: string;
  network_id: string;
  site_id: string | null;
  name: string;
  gender: string;
  seeking: string;
  birthdate: string;
  country: string;
  city: string | null;
  fictional: number;
  main_photo_id: string | null;
  created_at: number;
}

const COLUMNS = [
  'id',
  'network_id',
  'site_id',
  'name',
  'gender',
  'seeking',
  'birthdate',
  'country',
  'city',
  'fictional',
  'main_photo_id',
  'created_at',
] as const;

/** An operator-run profile by id, in whichever network (the caller checks the staff's networks). */
export async function operatorProfileRow(db: Db, id: string): Promise<OperatorProfileRow | undefined> {
  return db
    .selectFrom('profiles')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('fictional', '=', 1)
    .where('member_id', 'is', null)
    .$castTo<OperatorProfileRow>()
    .executeTakeFirst();
}

/** Operator-run profiles of the networks, newest first, `limit` after the keyset `before`. */
export async function operatorProfileRows(db: Db, page: NetworksPage): Promise<OperatorProfileRow[]> {
  const query = db
    .selectFrom('profiles')
    .select(COLUMNS)
    .where('fictional', '=', 1)
    .where('member_id', 'is', null)
    .$castTo<OperatorProfileRow>();
  return networksKeysetPage(query, { network: 'network_id', time: 'created_at', id: 'id' }, 'desc', page);
}

/** Name, gender and birthdate of an operator-run profile (members cannot change these). */
export async function updateOperatorIdentity(
  db: Db,
  network: string,
  id: string,
  changes: { name?: string; gender?: Gender; birthdate?: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ ...changes, updated_at: now })
    .where('network_id', '=', network)
    .where('id', '=', id)
    .where('fictional', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether `path` names a file (full size, thumbnail or match) of an operator-run profile's photo in `network`. */
export async function isOperatorPhotoFile(db: Db, network: string, path: string): Promise<boolean> {
  const operatorProfiles = db
    .selectFrom('profiles')
    .select('id')
    .where('network_id', '=', network)
    .where('fictional', '=', 1)
    .where('member_id', 'is', null);
  const row = await selectInNetwork(db, 'photos', network, {})
    .select('id')
    .where((eb) =>
      eb.or([eb('filename', '=', path), eb('thumb_filename', '=', path), eb('match_filename', '=', path)]),
    )
    .where('profile_id', 'in', operatorProfiles)
    .executeTakeFirst();
  return row !== undefined;
}
