import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  deleteInNetwork,
  deleteInNetworkNaming,
  selectInNetwork,
  updateInNetwork,
  valueInNetwork,
} from '../../db/query-network.ts';
import { BLANK_PROFILE_DETAILS } from './profiles.blank-details.ts';

/* The profiles' part of a member's export and erasure: profile, interests, blocks. */

type Db = Kysely<Database> | Transaction<Database>;

export async function memberProfileId(db: Db, network: string, memberId: string): Promise<string | null> {
  return (await valueInNetwork(db, 'profiles', network, { member_id: memberId }, 'id')) ?? null;
}

export async function exportProfileRecords(db: Db, network: string, memberId: string, p: string) {
  return {
    profile: await selectInNetwork(db, 'profiles', network, { member_id: memberId })
      .selectAll()
      .executeTakeFirst(),
    interests: await selectInNetwork(db, 'profile_interests', network, { profile_id: p })
      .select('interest')
      .execute(),
  };
}

/**
 * Removes the profile's personal data (its photos are the photos feature's, erased before).
 *
 * The row itself stays, as a shell that says nothing about the person: other members'
 * conversations and the messages in them point at it (deleting it would cascade and empty their
 * history), so do complaints about it and the signup of whoever signed up from it. Blocks
 * go either way (likes and swipes too, in their own features' hooks). Every personal column is
 * emptied, gender and the wish (`seeking`) and the country included: on a gay site a shell
 * saying "man seeking men" would tell the person's orientation, and together with the site
 * (also emptied) it would tell on which brand they were. Left: ids, the network, `disabled`,
 * the creation time, and the link to the account's own shell (kept for its money records).
 */
export async function eraseProfileRecords(
  trx: Transaction<Database>,
  network: string,
  p: string,
  now: number,
): Promise<void> {
  // Photos first went with the photos feature's hook; nothing may point at them any more.
  await updateInNetwork(trx, 'profiles', network, { id: p }).set({ main_photo_id: null }).execute();
  await deleteInNetwork(trx, 'profile_interests', network, { profile_id: p }).execute();
  await deleteInNetworkNaming(
    trx,
    'blocks',
    network,
    ['blocker_profile_id', 'blocked_profile_id'],
    p,
  ).execute();
  await updateInNetwork(trx, 'profiles', network, { id: p })
    .set({
      name: '',
      gender: '',
      seeking: '',
      birthdate: '',
      country: '',
      site_id: null,
      ...BLANK_PROFILE_DETAILS,
      status: 'disabled',
      public_consent: 0,
      last_active_at: null,
      updated_at: now,
    })
    .execute();
}
