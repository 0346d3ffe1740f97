import type { Kysely, Transaction } from 'kysely';
import type { Database, TextReviewField } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { deleteInNetwork, selectInNetwork, updateInNetwork } from '../../db/query-network.ts';
import { networksKeysetPage, type NetworksPage } from '../../db/keyset.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* Changed profile texts under review (text_moderation): the only SQL of the text queue. */

type Db = Kysely<Database> | Transaction<Database>;

export interface TextChange {
  profileId: string;
  memberId: string;
  siteId: string;
  field: TextReviewField;
  mode: 'pre' | 'post';
  value: string;
  /** What the profile showed before (`post`: what returns on a rejection). */
  previous: string | null;
}

/**
 * Queues a changed text; a pending change of the same field is replaced, keeping its place in
 * the queue and (`post`) the text from before the first change, which is the one a rejection
 * brings back.
 */
export async function putTextChange(
  trx: Transaction<Database>,
  network: string,
  change: TextChange,
  now: number,
) {
  const pending = await selectInNetwork(trx, 'text_reviews', network, {
    profile_id: change.profileId,
    field: change.field,
    status: 'pending',
  })
    .select(['id', 'mode', 'previous'])
    .executeTakeFirst();
  if (pending) {
    await updateInNetwork(trx, 'text_reviews', network, { id: pending.id })
      .set({
        value: change.value,
        mode: change.mode,
        site_id: change.siteId,
        previous: pending.mode === 'post' ? pending.previous : change.previous,
      })
      .execute();
    return;
  }
  await trx
    .insertInto('text_reviews')
    .values({
      id: newId(),
      network_id: network,
      profile_id: change.profileId,
      member_id: change.memberId,
      site_id: change.siteId,
      field: change.field,
      mode: change.mode,
      value: change.value,
      previous: change.previous,
      status: 'pending',
      created_at: now,
    })
    .execute();
}

/** Withdraws the pending change of a field (the member cleared the text: nothing to review). */
export async function dropTextChange(
  trx: Transaction<Database>,
  network: string,
  profileId: string,
  field: TextReviewField,
) {
  await deleteInNetwork(trx, 'text_reviews', network, {
    profile_id: profileId,
    field,
    status: 'pending',
  }).execute();
}

/** The value of a field's change held back until approved (`pre`), or null. */
export async function heldTextChange(
  db: Db,
  network: string,
  profileId: string,
  field: TextReviewField,
): Promise<string | null> {
  const row = await selectInNetwork(db, 'text_reviews', network, {
    profile_id: profileId,
    field,
    status: 'pending',
    mode: 'pre',
  })
    .select('value')
    .executeTakeFirst();
  return row?.value ?? null;
}

export interface QueuedTextRow {
  id: string;
  network_id: string;
  site_id: string;
  field: TextReviewField;
  mode: 'pre' | 'post';
  value: string;
  previous: string | null;
  created_at: number;
  name: string;
  birthdate: string;
}

/** Changes (`r`) with the profile they change (`p`), matched within the change's network. */
function changesWithProfiles(db: Db) {
  return db
    .selectFrom('text_reviews as r')
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.id', '=', 'r.profile_id').onRef('p.network_id', '=', 'r.network_id'),
    );
}

/** Pending changes in the given networks ('all': every network), oldest first. */
export async function textQueue(db: Db, page: NetworksPage): Promise<QueuedTextRow[]> {
  const query = changesWithProfiles(db)
    .select([
      'r.id',
      'r.network_id',
      'r.site_id',
      'r.field',
      'r.mode',
      'r.value',
      'r.previous',
      'r.created_at',
      'p.name',
      'p.birthdate',
    ])
    .where('r.status', '=', 'pending');
  return networksKeysetPage(
    query,
    { network: 'r.network_id', time: 'r.created_at', id: 'r.id' },
    'asc',
    page,
  );
}

export interface TextUnderReview {
  id: string;
  network_id: string;
  profile_id: string;
  member_id: string;
  site_id: string;
  field: TextReviewField;
  mode: 'pre' | 'post';
  value: string;
  previous: string | null;
  status: string;
  created_at: number;
  email: string;
  language: string;
  name: string;
}

/** One change by id, in whichever network (the caller checks the staff's networks). */
export async function textUnderReview(db: Db, id: string): Promise<TextUnderReview | undefined> {
  return changesWithProfiles(db)
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .select([
      'r.id',
      'r.network_id',
      'r.profile_id',
      'r.member_id',
      'r.site_id',
      'r.field',
      'r.mode',
      'r.value',
      'r.previous',
      'r.status',
      'r.created_at',
      'm.email',
      'm.language',
      'p.name',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * Writes a decision while the change is still pending (the first moderator wins) and applies it
 * to the profile: an approved `pre` change becomes the profile's text; a rejected `post` change
 * gives way to the text from before, unless the member has written another since. Answers
 * whether it decided.
 */
export async function decideTextChange(
  trx: Transaction<Database>,
  change: Pick<TextUnderReview, 'id' | 'network_id' | 'profile_id' | 'field' | 'mode' | 'value' | 'previous'>,
  decision: { approve: true } | { approve: false; reason: string; note: string | null },
  now: number,
): Promise<boolean> {
  const network = change.network_id;
  const decided = await updatedOne(
    updateInNetwork(trx, 'text_reviews', network, { id: change.id, status: 'pending' }).set(
      decision.approve
        ? { status: 'approved', decided_at: now }
        : { status: 'rejected', decided_at: now, reason: decision.reason, note: decision.note },
    ),
  );
  if (!decided) return false;
  const profile = updateInNetwork(trx, 'profiles', network, { id: change.profile_id });
  const to = (value: string | null) =>
    change.field === 'text' ? { text: value, updated_at: now } : { name: value ?? '', updated_at: now };
  if (decision.approve && change.mode === 'pre') await profile.set(to(change.value)).execute();
  if (!decision.approve && change.mode === 'post')
    await profile.set(to(change.previous)).where(change.field, '=', change.value).execute();
  return true;
}
