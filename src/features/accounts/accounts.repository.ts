import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Database,
  Gender,
  MemberStatus,
  NewRow,
  ProfileStatus,
  Row,
  RowUpdate,
  Seeking,
  TokenPurpose,
} from '../../db/database.ts';

/*
 * The accounts' SQL: members, their profile row, sessions and one-time tokens. Every query names
 * the network first; session and token lookups also name the site, so a cookie or a link of one
 * site does nothing on another, even within the same network.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type MemberRow = Row<'members'>;

export async function findMemberByEmail(
  db: Db,
  network: string,
  siteId: string,
  email: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('network_id', '=', network)
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findMember(db: Db, network: string, memberId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export interface NewAccount {
  member: NewRow<'members'>;
  profile: {
    id: string;
    name: string;
    gender: Gender;
    seeking: Seeking;
    birthdate: string;
    country: string;
    status: ProfileStatus;
  };
}

/** The account and its profile, together or not at all. */
export async function insertAccount(
  db: Kysely<Database>,
  network: string,
  account: NewAccount,
): Promise<void> {
  const { member, profile } = account;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('members')
      .values({ ...member, network_id: network })
      .execute();
    await trx
      .insertInto('profiles')
      .values({
        ...profile,
        member_id: member.id,
        network_id: network,
        site_id: member.site_id,
        region: null,
        city: null,
        sexuality: null,
        hair_color: null,
        eye_color: null,
        body_type: null,
        relationship_status: null,
        tattoos: null,
        text: null,
        main_photo_id: null,
        last_active_at: member.created_at,
        created_at: member.created_at,
        updated_at: member.created_at,
      })
      .execute();
  });
}

/** Whether a profile exists in the network (a first message needs a recipient). */
export async function profileInNetwork(db: Db, network: string, profileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where('network_id', '=', network)
    .where('id', '=', profileId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the database refused a row for a unique key (two signups racing for one address). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

export async function updateMember(
  db: Db,
  network: string,
  memberId: string,
  patch: RowUpdate<'members'>,
): Promise<void> {
  await db
    .updateTable('members')
    .set(patch)
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .execute();
}

/**
 * Moves an account between states and its profile with it, in one transaction: a profile is
 * shown only while its account is active, so they never disagree.
 */
export async function setAccountState(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  member: RowUpdate<'members'>,
  profileStatus: ProfileStatus,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateMember(trx, network, memberId, member);
    await trx
      .updateTable('profiles')
      .set({ status: profileStatus, updated_at: now })
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute();
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
  created_at: number;
  profile_id: string;
  profile_name: string;
  profile_country: string;
  profile_status: ProfileStatus;
  filename: string | null;
  thumb_filename: string | null;
  match_filename: string | null;
}

export async function findUserRow(db: Db, network: string, memberId: string): Promise<UserRow | undefined> {
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
    .select([
      'm.id',
      'm.email',
      'm.status',
      'm.language',
      'm.credits',
      'm.paid_user',
      'm.invisible',
      'm.private',
      'm.created_at',
      'p.id as profile_id',
      'p.name as profile_name',
      'p.country as profile_country',
      'p.status as profile_status',
      'ph.filename',
      'ph.thumb_filename',
      'ph.match_filename',
    ])
    .where('m.network_id', '=', network)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}

/* Sessions ------------------------------------------------------------------------------------ */

export async function insertSession(
  db: Db,
  network: string,
  session: Omit<NewRow<'sessions'>, 'network_id'>,
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, network_id: network })
    .execute();
}

/** A live session of this site with its member: what the middleware needs for `locals.member`. */
export interface SessionRow {
  session_id: string;
  expires_at: number;
  last_seen_at: number;
  member_id: string;
  status: MemberStatus;
  language: string;
  paid_user: 0 | 1;
  invisible: 0 | 1;
  private: 0 | 1;
  created_at: number;
  profile_id: string;
}

export async function findLiveSession(
  db: Db,
  network: string,
  siteId: string,
  sessionId: string,
  now: number,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('members as m', (join) =>
      join.onRef('m.id', '=', 's.member_id').on('m.network_id', '=', network),
    )
    .innerJoin('profiles as p', (join) =>
      join.onRef('p.member_id', '=', 'm.id').on('p.network_id', '=', network),
    )
    .select([
      's.id as session_id',
      's.expires_at',
      's.last_seen_at',
      'm.id as member_id',
      'm.status',
      'm.language',
      'm.paid_user',
      'm.invisible',
      'm.private',
      'm.created_at',
      'p.id as profile_id',
    ])
    .where('s.network_id', '=', network)
    .where('s.site_id', '=', siteId)
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .where('m.status', '!=', 'deleted')
    .executeTakeFirst();
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
    await trx
      .updateTable('sessions')
      .set(expiresAt === undefined ? { last_seen_at: now } : { last_seen_at: now, expires_at: expiresAt })
      .where('network_id', '=', network)
      .where('id', '=', id)
      .execute();
    await updateMember(trx, network, memberId, { last_active_at: now });
    await trx
      .updateTable('profiles')
      .set({ last_active_at: now })
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute();
  });
}

export async function deleteSession(db: Db, network: string, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('network_id', '=', network).where('id', '=', sessionId).execute();
}

/** Ends every session of a member, or every one but `exceptId`. Answers how many ended. */
export async function deleteMemberSessions(
  db: Db,
  network: string,
  memberId: string,
  exceptId?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('network_id', '=', network).where('member_id', '=', memberId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/* One-time tokens ------------------------------------------------------------------------------ */

export async function insertToken(
  db: Db,
  network: string,
  token: Omit<NewRow<'tokens'>, 'network_id'>,
): Promise<void> {
  await db
    .insertInto('tokens')
    .values({ ...token, network_id: network })
    .execute();
}

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
  return db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('network_id', '=', network)
    .where('site_id', '=', siteId)
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
  const rows = await db
    .selectFrom('tokens')
    .select('created_at')
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
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
  await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
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
    await trx
      .deleteFrom('push_subscriptions')
      .where('network_id', '=', network)
      .where('endpoint', '=', row.endpoint)
      .execute();
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

export async function deletePushSubscriptions(db: Db, network: string, memberId: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .execute();
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
 * Removes a member's personal data for good, in one transaction, and answers the photo files to
 * delete once it has committed. Kept: the account row as a shell (so orders and the credit
 * ledger, which are bookkeeping records, still have their member), conversations, and the
 * messages' rows with their text blanked, so the other side's history keeps its shape.
 */
export async function eraseAccount(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  now: number,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const profile = await trx
      .selectFrom('profiles')
      .select('id')
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    const files: string[] = [];
    if (profile) {
      const p = profile.id;
      const photos = await trx
        .selectFrom('photos')
        .select(['filename', 'thumb_filename', 'match_filename'])
        .where('network_id', '=', network)
        .where('profile_id', '=', p)
        .execute();
      for (const photo of photos) files.push(photo.filename, photo.thumb_filename, photo.match_filename);
      await trx
        .updateTable('profiles')
        .set({ main_photo_id: null })
        .where('network_id', '=', network)
        .where('id', '=', p)
        .execute();
      await trx.deleteFrom('photos').where('network_id', '=', network).where('profile_id', '=', p).execute();
      await trx
        .deleteFrom('profile_interests')
        .where('network_id', '=', network)
        .where('profile_id', '=', p)
        .execute();
      // A message's content is written once and never edited, so the typed builder refuses an
      // update of it; erasure is the one exception.
      await sql`update messages set text = null, photo_id = null where network_id = ${network} and sender_profile_id = ${p}`.execute(
        trx,
      );
      await trx
        .deleteFrom('likes')
        .where('network_id', '=', network)
        .where((eb) => eb.or([eb('liker_profile_id', '=', p), eb('liked_profile_id', '=', p)]))
        .execute();
      await trx
        .deleteFrom('swipes')
        .where('network_id', '=', network)
        .where((eb) => eb.or([eb('profile_id', '=', p), eb('target_profile_id', '=', p)]))
        .execute();
      await trx
        .deleteFrom('blocks')
        .where('network_id', '=', network)
        .where((eb) => eb.or([eb('blocker_profile_id', '=', p), eb('blocked_profile_id', '=', p)]))
        .execute();
      await trx
        .updateTable('profiles')
        .set({
          name: '',
          birthdate: '',
          region: null,
          city: null,
          sexuality: null,
          hair_color: null,
          eye_color: null,
          body_type: null,
          relationship_status: null,
          tattoos: null,
          text: null,
          status: 'disabled',
          public_consent: 0,
          last_active_at: null,
          updated_at: now,
        })
        .where('network_id', '=', network)
        .where('id', '=', p)
        .execute();
    }
    for (const table of [
      'tokens',
      'sessions',
      'push_subscriptions',
      'notification_preferences',
      'events',
      'auth_events',
      'page_events',
    ] as const) {
      await trx
        .deleteFrom(table)
        .where('network_id', '=', network)
        .where('member_id', '=', memberId)
        .execute();
    }
    await trx
      .updateTable('tracking_records')
      .set({ member_id: null })
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute();
    // A complaint stays for the moderators, without who filed it or their address.
    await trx
      .updateTable('complaints')
      .set({ reporter_member_id: null, email: null })
      .where('network_id', '=', network)
      .where('reporter_member_id', '=', memberId)
      .execute();
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
    return files;
  });
}

/* Data export ------------------------------------------------------------------------------------ */

/** Everything stored about a member, as rows (the service shapes them into the download). */
export async function exportRecords(db: Kysely<Database>, network: string, memberId: string) {
  const member = await db
    .selectFrom('members')
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
    ])
    .where('network_id', '=', network)
    .where('id', '=', memberId)
    .executeTakeFirst();
  const profile = await db
    .selectFrom('profiles')
    .selectAll()
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const p = profile?.id ?? '';
  return {
    member,
    profile,
    photos: await db
      .selectFrom('photos')
      .select(['id', 'filename', 'status', 'locked', 'position', 'created_at'])
      .where('network_id', '=', network)
      .where('profile_id', '=', p)
      .orderBy('position')
      .execute(),
    interests: await db
      .selectFrom('profile_interests')
      .select('interest')
      .where('network_id', '=', network)
      .where('profile_id', '=', p)
      .execute(),
    notifications: await db
      .selectFrom('notification_preferences')
      .select(['category', 'disabled', 'reason', 'updated_at'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute(),
    sessions: await db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute(),
    authEvents: await db
      .selectFrom('auth_events')
      .select(['kind', 'ip', 'created_at'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    pushSubscriptions: await db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'user_agent', 'created_at', 'last_used_at'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute(),
    tracking: await db
      .selectFrom('tracking_records')
      .select([
        'network',
        'ref',
        'sub',
        'sub1',
        'sub2',
        'sub3',
        'aff_sub1',
        'aff_sub2',
        'aff_sub3',
        'cpc',
        'landing_path',
        'created_at',
      ])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute(),
    likesGiven: await db
      .selectFrom('likes')
      .select(['liked_profile_id', 'created_at'])
      .where('network_id', '=', network)
      .where('liker_profile_id', '=', p)
      .execute(),
    likesReceived: await db
      .selectFrom('likes')
      .select(['liker_profile_id', 'created_at', 'seen_at'])
      .where('network_id', '=', network)
      .where('liked_profile_id', '=', p)
      .execute(),
    swipes: await db
      .selectFrom('swipes')
      .select(['target_profile_id', 'action', 'created_at'])
      .where('network_id', '=', network)
      .where('profile_id', '=', p)
      .execute(),
    blocks: await db
      .selectFrom('blocks')
      .select(['blocked_profile_id', 'created_at'])
      .where('network_id', '=', network)
      .where('blocker_profile_id', '=', p)
      .execute(),
    messagesSent: await db
      .selectFrom('messages')
      .select(['conversation_id', 'type', 'text', 'gift_id', 'credits_spent', 'created_at', 'read_at'])
      .where('network_id', '=', network)
      .where('sender_profile_id', '=', p)
      .orderBy('created_at')
      .execute(),
    orders: await db
      .selectFrom('orders')
      .select([
        'id',
        'bundle_id',
        'credits',
        'amount',
        'currency',
        'payment_method',
        'status',
        'discount_code',
        'country',
        'created_at',
        'completed_at',
      ])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    ledger: await db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'balance_after', 'created_at'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    complaints: await db
      .selectFrom('complaints')
      .select(['category', 'text', 'status', 'created_at'])
      .where('network_id', '=', network)
      .where('reporter_member_id', '=', memberId)
      .execute(),
    links: await db
      .selectFrom('tokens')
      .select(['purpose', 'created_at', 'expires_at', 'used_at'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .execute(),
  };
}
export type ExportRecords = Awaited<ReturnType<typeof exportRecords>>;
