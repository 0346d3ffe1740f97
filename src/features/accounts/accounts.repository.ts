import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import { countPerMemberSourceAndDay, membersWithArrival } from '../../db/arrival-source.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type {
  Database,
  Gender,
  Seeking,
  MemberStatus,
  NewRow,
  ProfileListing,
  ProfileStatus,
  Row,
  RowUpdate,
  TokenPurpose,
} from '../../db/database.ts';
import {
  deleteInNetwork,
  insertInNetwork,
  selectInNetwork,
  updateInNetwork,
  valueInNetwork,
} from '../../db/query-network.ts';
import { keptFiltersOf } from '../discovery/index.ts';
import { packedPreferenceRows } from '../notifications/index.ts';
import { dailyCount, type DailyCount, type DailyFiguresQuery } from '../../server/daily-figures.ts';

/*
 * The accounts' SQL: members, sessions and one-time tokens (the profile row is the profiles
 * feature's, written in the account's transaction). Every query names the network first; session
 * and token lookups also name the site, so a cookie or a link of one site does nothing on
 * another, even within the same network.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type MemberRow = Row<'members'>;
export type NewMember = NewRow<'members'>;

export async function findMemberByEmail(
  db: Db,
  network: string,
  siteId: string,
  email: string,
): Promise<MemberRow | undefined> {
  return selectInNetwork(db, 'members', network, { site_id: siteId })
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findMember(db: Db, network: string, memberId: string): Promise<MemberRow | undefined> {
  return selectInNetwork(db, 'members', network, { id: memberId }).selectAll().executeTakeFirst();
}

/**
 * The account and what must exist with it (its profile, which the profiles feature writes),
 * together or not at all: `alongside` runs in the same transaction, after the member row.
 */
export async function insertAccount(
  db: Kysely<Database>,
  network: string,
  member: NewRow<'members'>,
  alongside: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertInNetwork(trx, 'members', network, member);
    await alongside(trx);
  });
}

export { isUniqueViolation } from '../../db/errors.ts';

export async function updateMember(
  db: Db,
  network: string,
  memberId: string,
  patch: RowUpdate<'members'>,
): Promise<void> {
  const switches = 'invisible' in patch || 'private' in patch;
  if (!switches && patch.status === undefined) {
    await writeMember(db, network, memberId, patch);
    return;
  }
  // The profile's copies change with the account: its status (active exactly while the account
  // is) and its listing (the two switches), which the visibility rule reads instead of the account.
  const both = async (trx: Db) => {
    await writeMember(trx, network, memberId, patch);
    await updateMemberProfile(trx, network, memberId, {
      ...(patch.status !== undefined && { status: patch.status === 'active' ? 'active' : 'disabled' }),
      ...(switches && {
        listing: sql<ProfileListing>`coalesce((select case when m.invisible = 1 then 'invisible'
          when m.private = 1 then 'private' else 'public' end
          from members m where m.id = profiles.member_id), 'public')`,
      }),
    });
  };
  if (db.isTransaction) await both(db);
  else await db.transaction().execute(both);
}

async function writeMember(db: Db, network: string, memberId: string, patch: RowUpdate<'members'>) {
  await updateInNetwork(db, 'members', network, { id: memberId }).set(patch).execute();
}

/**
 * The profile's consent to public pages (landers, profile landers, visitor search, share
 * images); `publicProfiles` of the profiles feature reads it.
 */
export async function setPublicConsent(db: Db, network: string, memberId: string, consent: boolean) {
  await updateMemberProfile(db, network, memberId, { public_consent: consent ? 1 : 0 });
}

/** The member's profile row, which moves with the account (its status, listing and times). */
async function updateMemberProfile(
  db: Db,
  network: string,
  memberId: string,
  patch: UpdateObject<Database, 'profiles'>,
) {
  await updateInNetwork(db, 'profiles', network, { member_id: memberId }).set(patch).execute();
}

/**
 * Moves an account between states and its profile with it, in one transaction: `updateMember`
 * keeps the profile active exactly while the account is, so they never disagree.
 */
export async function setAccountState(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  member: RowUpdate<'members'> & { status: MemberStatus },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateMember(trx, network, memberId, member);
    await updateMemberProfile(trx, network, memberId, { updated_at: now });
  });
}

/** What the `User` answer is built from: the account, its profile and the profile's main photo. */
export interface UserRow {
  id: string;
  email: string;
  status: MemberStatus;
  language: string;
  credits: number;
  paid_user: 0 | 1;
  invisible: 0 | 1;
  private: 0 | 1;
  /** The profile's consent to public pages. */
  public_consent: 0 | 1;
  created_at: number;
  time_zone: string | null;
  dismissed_alerts: string | null;
  profile_id: string;
  profile_name: string;
  profile_country: string;
  profile_status: ProfileStatus;
  /** Whom the member is and seeks, and when born: search and the swipe deck start from them. */
  profile_gender: Gender | '';
  profile_seeking: Seeking | '';
  profile_birthdate: string;
  filename: string | null;
  thumb_filename: string | null;
  match_filename: string | null;
  /** The member's notification settings, packed (the notifications feature's `packedPreferenceRows`). */
  packed_preferences: string | null;
  /** The profile's place: the match finder starts from it. */
  profile_region: string | null;
  profile_city: string | null;
  /** The member's kept search filters (JSON, the discovery feature's `keptFiltersOf`), if any. */
  kept_filters: string | null;
}

/** The columns of a `UserRow`, over members `m`, profiles `p` and main photos `ph`. */
const USER_ROW_COLUMNS = [
  'm.id',
  'm.email',
  'm.status',
  'm.language',
  'm.credits',
  'm.paid_user',
  'm.invisible',
  'm.private',
  'p.public_consent',
  'm.created_at',
  'm.time_zone',
  'm.dismissed_alerts',
  'p.id as profile_id',
  'p.name as profile_name',
  'p.country as profile_country',
  'p.status as profile_status',
  'p.gender as profile_gender',
  'p.seeking as profile_seeking',
  'p.birthdate as profile_birthdate',
  'p.region as profile_region',
  'p.city as profile_city',
  'ph.filename',
  'ph.thumb_filename',
  'ph.match_filename',
] as const;

/**
 * Members `m` of the network with their profiles `p`, main photos `ph` and notification settings,
 * as `UserRow`s: where both the `User` answer and the session lookup read from. The session's
 * read also brings what the search pages start from (the kept filters, by their primary key, and
 * the profile's place): the search, its call and the match finder need no statement of their
 * own for them, and a search that keeps what is kept writes nothing.
 */
function membersWithProfile(db: Db, network: string) {
  return db
    .selectFrom('members as m')
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.member_id', '=', 'm.id').on('p.network_id', '=', network),
    )
    .leftJoin('photos as ph', (join) =>
      join
        .onRef('ph.id', '=', 'p.main_photo_id')
        .on('ph.network_id', '=', network)
        .on('ph.status', '=', 'active'),
    )
    .where('m.network_id', '=', network)
    .select(USER_ROW_COLUMNS)
    .select([
      packedPreferenceRows(db, network, 'm.id').as('packed_preferences'),
      keptFiltersOf(db, network, 'm.id').as('kept_filters'),
    ]);
}

export async function findUserRow(db: Db, network: string, memberId: string): Promise<UserRow | undefined> {
  return membersWithProfile(db, network).where('m.id', '=', memberId).executeTakeFirst();
}

/* Sessions ------------------------------------------------------------------------------------ */

export const insertSession = (db: Db, network: string, session: Omit<NewRow<'sessions'>, 'network_id'>) =>
  insertInNetwork(db, 'sessions', network, session);

/**
 * A live session of this site with its member, account, profile and main photo: what the
 * middleware needs for `locals.member`, and what the `User` answer is built from, in one query
 * (every member request reads it).
 */
export interface SessionRow extends UserRow {
  session_id: string;
  expires_at: number;
  last_seen_at: number;
}

/** Every member request runs it: built and compiled once (see src/db/compiled.ts). */
const liveSessionQuery = compiledOnce<
  { network: string; siteId: string; sessionId: string; now: number },
  SessionRow
>(['network', 'siteId', 'sessionId', 'now'], (db, { network, siteId, sessionId, now }) =>
  membersWithProfile(db, network)
    .innerJoin('sessions as s', 's.member_id', 'm.id')
    .select(['s.id as session_id', 's.expires_at', 's.last_seen_at'])
    .where('s.network_id', '=', network)
    .where('s.site_id', '=', siteId)
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .where('m.status', '!=', 'deleted'),
);

export async function findLiveSession(
  db: Db,
  network: string,
  siteId: string,
  sessionId: string,
  now: number,
): Promise<SessionRow | undefined> {
  return liveSessionQuery.executeTakeFirst(db, { network, siteId, sessionId, now });
}

/** The session's `expires_at`, whether or not it has passed; undefined when there is no such session. */
export async function findSessionExpiry(
  db: Db,
  network: string,
  sessionId: string,
): Promise<number | undefined> {
  const expiresAt = await valueInNetwork(db, 'sessions', network, { id: sessionId }, 'expires_at');
  return expiresAt === undefined ? undefined : Number(expiresAt);
}

/**
 * Marks the session as seen (and the member as online). `expiresAt` slides the session's end
 * when the caller renews it.
 */
export async function touchSession(
  db: Kysely<Database>,
  network: string,
  session: { id: string; memberId: string; now: number; expiresAt?: number },
): Promise<void> {
  const { id, memberId, now, expiresAt } = session;
  await db.transaction().execute(async (trx) => {
    await updateInNetwork(trx, 'sessions', network, { id })
      .set(expiresAt === undefined ? { last_seen_at: now } : { last_seen_at: now, expires_at: expiresAt })
      .execute();
    await updateMember(trx, network, memberId, { last_active_at: now });
    await updateMemberProfile(trx, network, memberId, { last_active_at: now });
  });
}

/**
 * Ends sessions: one by its id, or every one of a member. Answers the ended sessions with their
 * members (whose event streams the caller closes).
 */
export async function deleteSessions(
  db: Db,
  network: string,
  which: { sessionId: string } | { memberId: string },
): Promise<Array<{ id: string; member_id: string }>> {
  return deleteInNetwork(
    db,
    'sessions',
    network,
    'sessionId' in which ? { id: which.sessionId } : { member_id: which.memberId },
  )
    .returning(['id', 'member_id'])
    .execute();
}

/* One-time tokens ------------------------------------------------------------------------------ */

export const insertToken = (db: Db, network: string, token: Omit<NewRow<'tokens'>, 'network_id'>) =>
  insertInNetwork(db, 'tokens', network, token);

/**
 * Uses a token once: the update succeeds for exactly one caller, however many open the link at
 * the same moment, and only while the token is unused and unexpired.
 */
export async function useToken(
  db: Db,
  network: string,
  siteId: string,
  hash: string,
  purpose: TokenPurpose,
  now: number,
): Promise<{ member_id: string; payload: string | null } | undefined> {
  return updateInNetwork(db, 'tokens', network, { site_id: siteId })
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['member_id', 'payload'])
    .executeTakeFirst();
}

/** Tokens of a purpose sent to a member since a moment, oldest first (for daily limits). */
export async function tokenTimesSince(
  db: Db,
  network: string,
  memberId: string,
  purpose: TokenPurpose,
  since: number,
): Promise<number[]> {
  const rows = await selectInNetwork(db, 'tokens', network, { member_id: memberId })
    .select('created_at')
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

/** Retires a member's open tokens of a purpose: only the newest link works. */
export async function retireTokens(
  db: Db,
  network: string,
  memberId: string,
  purpose: TokenPurpose,
  now: number,
): Promise<void> {
  await updateInNetwork(db, 'tokens', network, { member_id: memberId })
    .set({ used_at: now })
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/* Push subscriptions --------------------------------------------------------------------------- */

export interface PushSubscriptionRow {
  id: string;
  memberId: string;
  siteId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  now: number;
}

/** A browser's endpoint belongs to whoever subscribed with it last (a shared computer). */
export async function upsertPushSubscription(
  db: Kysely<Database>,
  network: string,
  row: PushSubscriptionRow,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteInNetwork(trx, 'push_subscriptions', network, { endpoint: row.endpoint }).execute();
    await trx
      .insertInto('push_subscriptions')
      .values({
        id: row.id,
        member_id: row.memberId,
        network_id: network,
        site_id: row.siteId,
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        user_agent: row.userAgent,
        created_at: row.now,
        last_used_at: row.now,
      })
      .execute();
  });
}

/** One browser's subscription of the member (`DELETE /api/user.php?push=1`). */
export async function deletePushSubscriptionOf(
  db: Db,
  network: string,
  memberId: string,
  endpoint: string,
): Promise<void> {
  await deleteInNetwork(db, 'push_subscriptions', network, { member_id: memberId, endpoint }).execute();
}

/** Asked after every message and like: compiled once (db/compiled.ts). */
const pushSubscriptionsQuery = compiledOnce<
  { network: string; memberId: string },
  { id: string; site_id: string; endpoint: string; p256dh: string; auth: string }
>(['network', 'memberId'], (db, v) =>
  selectInNetwork(db, 'push_subscriptions', v.network, { member_id: v.memberId }).select([
    'id',
    'site_id',
    'endpoint',
    'p256dh',
    'auth',
  ]),
);

/** The member's subscriptions (one per browser), for the push sender. */
export async function pushSubscriptionsOf(
  db: Db,
  network: string,
  memberId: string,
): Promise<{ id: string; site_id: string; endpoint: string; p256dh: string; auth: string }[]> {
  return pushSubscriptionsQuery.execute(db, { network, memberId });
}

/** A subscription the push service says is gone (404, 410), or that may no longer be sent to. */
export async function deletePushSubscriptionById(db: Db, network: string, id: string): Promise<void> {
  await deleteInNetwork(db, 'push_subscriptions', network, { id }).execute();
}

export async function deletePushSubscriptions(db: Db, network: string, memberId: string): Promise<void> {
  await deleteInNetwork(db, 'push_subscriptions', network, { member_id: memberId }).execute();
}

/* Erasure ---------------------------------------------------------------------------------------- */

/**
 * Deleted accounts whose reactivation window has passed and that still hold personal data. The
 * one query without a network: the erasure job serves every network at once (each erasure then
 * works inside the member's own network).
 */
export async function accountsDueForErasure(
  db: Kysely<Database>,
  now: number,
  limit: number,
): Promise<{ id: string; network_id: string }[]> {
  return db
    .selectFrom('members')
    .select(['id', 'network_id'])
    .where('status', '=', 'deleted')
    .where('reactivate_until', '<=', now)
    .where('password_hash', '!=', '')
    .orderBy('reactivate_until')
    .limit(limit)
    .execute();
}

/** An erased account's address: unique (the member id is), and derived from nothing personal. */
export function erasedEmail(memberId: string): string {
  return `erased-${memberId}@erased.invalid`;
}

/**
 * The account's own part of an erasure: its links, sessions and push subscriptions go, and the
 * row stays as a shell without anything personal, so orders and the credit ledger (bookkeeping
 * records) still have their member. Runs inside the erasure's transaction, after the other hooks.
 */
export async function eraseAccountRecords(
  trx: Transaction<Database>,
  network: string,
  memberId: string,
): Promise<void> {
  for (const table of ['tokens', 'sessions', 'push_subscriptions'] as const) {
    await deleteInNetwork(trx, table, network, { member_id: memberId }).execute();
  }
  await updateMember(trx, network, memberId, {
    email: erasedEmail(memberId),
    password_hash: '',
    deletion_comment: null,
    signup_message: null,
    signup_profile_id: null,
    tracking_id: null,
    signup_country: null,
    last_active_at: null,
    reactivate_until: null,
  });
}

/* Data export ------------------------------------------------------------------------------------ */

/** The account's own rows of a member's export (never the password hash or a secret's hash). */
export async function exportAccountRecords(db: Db, network: string, memberId: string) {
  return {
    member: await selectInNetwork(db, 'members', network, { id: memberId })
      .select([
        'id',
        'site_id',
        'email',
        'status',
        'language',
        'created_at',
        'confirmed_at',
        'invisible',
        'private',
        'paid_user',
        'credits',
        'last_active_at',
        'signup_country',
        'signup_message',
        'signup_profile_id',
        'deleted_at',
        'deletion_reason',
        'deletion_comment',
        'reactivate_until',
      ])
      .executeTakeFirst(),
    sessions: await selectInNetwork(db, 'sessions', network, { member_id: memberId })
      .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
      .execute(),
    pushSubscriptions: await selectInNetwork(db, 'push_subscriptions', network, { member_id: memberId })
      .select(['endpoint', 'user_agent', 'created_at', 'last_used_at'])
      .execute(),
    links: await selectInNetwork(db, 'tokens', network, { member_id: memberId })
      .select(['purpose', 'created_at', 'expires_at', 'used_at'])
      .execute(),
  };
}

/** When the network's first member signed up (null: none yet); the network's time index answers. */
export async function firstMemberAt(db: Db, network: string): Promise<number | null> {
  const oldest = await selectInNetwork(db, 'members', network, {})
    .select('created_at')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return oldest?.created_at ?? null;
}

/**
 * Members per site, day and traffic source by one of their times: signed up (`created_at`),
 * activated (`confirmed_at`) or last active (`last_active_at`), for the statistics.
 */
export async function dailyMembersBy(
  db: Db,
  column: 'created_at' | 'confirmed_at' | 'last_active_at',
  query: DailyFiguresQuery,
): Promise<DailyCount[]> {
  if (query.sites.length === 0) return [];
  const members = membersWithArrival(db).where('m.network_id', '=', query.network);
  const rows = await countPerMemberSourceAndDay(members, `m.${column}`, query);
  return rows.map(dailyCount);
}
