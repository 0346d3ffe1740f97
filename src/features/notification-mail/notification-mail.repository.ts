import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, MailLogKind, NotificationCategory } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { groupedWrite } from '../../db/group-commit.ts';
import { newId } from '../../db/ids.ts';
import { selectInNetwork, updateInNetwork, valuesWhereUnset } from '../../db/query-network.ts';
import type { ActorName, PendingItem, PendingType } from './digest.ts';

/*
 * The notification e-mails' own tables (mail_pending, mail_log), and the few reads of other
 * features' rows that decide whether an e-mail may go: whether a message is still unread and a
 * like unseen, the member's address and language, the names in the e-mail. Reads only: the
 * e-mails change nothing of theirs.
 */

type Db = Kysely<Database>;

export interface PendingRow extends PendingItem {
  network: string;
  siteId: string;
  memberId: string;
  messageId: string | null;
}

type PendingInsert = Omit<PendingRow, 'createdAt'> & { createdAt: number };

/** One per message and like to a member: compiled once (db/compiled.ts). */
const insertPendingQuery = compiledOnce<
  {
    id: string;
    network: string;
    siteId: string;
    memberId: string;
    type: PendingType;
    actorProfileId: string;
    conversationId: string | null;
    messageId: string | null;
    first: 0 | 1;
    createdAt: number;
  },
  never
>(
  [
    'id',
    'network',
    'siteId',
    'memberId',
    'type',
    'actorProfileId',
    'conversationId',
    'messageId',
    'first',
    'createdAt',
  ],
  (db, v) =>
    db
      .insertInto('mail_pending')
      .values({
        id: v.id,
        network_id: v.network,
        site_id: v.siteId,
        member_id: v.memberId,
        type: v.type,
        actor_profile_id: v.actorProfileId,
        conversation_id: v.conversationId,
        message_id: v.messageId,
        first_in_conversation: v.first,
        created_at: v.createdAt,
        due_at: null,
      })
      .onConflict((c) => c.column('id').doNothing()),
);

export async function insertPending(db: Db, row: PendingInsert): Promise<void> {
  // Every message to a member writes one: on SQLite it shares the commit of the turn's writes.
  await groupedWrite(db, (db) =>
    insertPendingQuery.executeResult(db, {
      id: row.id,
      network: row.network,
      siteId: row.siteId,
      memberId: row.memberId,
      type: row.type,
      actorProfileId: row.actorProfileId,
      conversationId: row.conversationId,
      messageId: row.messageId,
      first: row.firstInConversation ? 1 : 0,
      createdAt: row.createdAt,
    }),
  );
}

/** Due: past the delay, and past any later moment it was deferred to. */
function due(db: Db, now: number, delayMs: number) {
  return db
    .selectFrom('mail_pending')
    .where('created_at', '<=', now - delayMs)
    .where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '<=', now)]));
}

/** Members with due events, a batch of them: each member's events go out together. */
export async function membersWithDueMail(
  db: Db,
  now: number,
  delayMs: number,
  limit: number,
): Promise<{ network: string; memberId: string }[]> {
  const rows = await due(db, now, delayMs)
    .select(['network_id', 'member_id'])
    .groupBy(['network_id', 'member_id'])
    .orderBy(sql`min(created_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ network: r.network_id, memberId: r.member_id }));
}

export async function duePendingOf(
  db: Db,
  network: string,
  memberId: string,
  now: number,
  delayMs: number,
): Promise<PendingRow[]> {
  const rows = await due(db, now, delayMs)
    .selectAll()
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    network: r.network_id,
    siteId: r.site_id,
    memberId: r.member_id,
    type: r.type as PendingType,
    actorProfileId: r.actor_profile_id,
    conversationId: r.conversation_id,
    messageId: r.message_id,
    firstInConversation: r.first_in_conversation === 1,
    createdAt: Number(r.created_at),
  }));
}

export async function deletePending(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('mail_pending')
      .where('id', 'in', [...ids])
      .execute();
}

export async function deferPending(db: Db, ids: readonly string[], until: number): Promise<void> {
  if (ids.length)
    await db
      .updateTable('mail_pending')
      .set({ due_at: until })
      .where('id', 'in', [...ids])
      .execute();
}

/** The member as the e-mails need them: address, language, zone, state, and their profile. */
export interface MailMember {
  id: string;
  network: string;
  siteId: string;
  email: string;
  status: 'not_confirmed' | 'active' | 'deleted';
  language: string;
  timeZone: string | null;
  createdAt: number;
  profileId: string | null;
  name: string;
  country: string;
}

export async function mailMember(db: Db, network: string, memberId: string): Promise<MailMember | undefined> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('profiles as p', (j) => j.onRef('p.member_id', '=', 'm.id').on('p.network_id', '=', network))
    .select([
      'm.id',
      'm.site_id',
      'm.email',
      'm.status',
      'm.language',
      'm.time_zone',
      'm.created_at',
      'p.id as profile_id',
      'p.name',
      'p.country',
    ])
    .where('m.network_id', '=', network)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    network,
    siteId: row.site_id,
    email: row.email,
    status: row.status,
    language: row.language,
    timeZone: row.time_zone,
    createdAt: Number(row.created_at),
    profileId: row.profile_id,
    name: row.name ?? '',
    country: row.country ?? '',
  };
}

/** The messages of `ids` the receiver has not read yet (nor deleted the conversation since). */
export function unreadMessages(db: Db, network: string, ids: readonly string[]): Promise<Set<string>> {
  return valuesWhereUnset(db, 'messages', network, {}, 'id', ids, 'read_at');
}

/** The likers of `likers` whose like of `profileId` the member has not seen yet. */
export function unseenLikers(
  db: Db,
  network: string,
  profileId: string,
  likers: readonly string[],
): Promise<Set<string>> {
  return valuesWhereUnset(
    db,
    'likes',
    network,
    { liked_profile_id: profileId },
    'liker_profile_id',
    likers,
    'seen_at',
  );
}

/** The names of `ids`' profiles, each with whether the operator runs it. */
export async function profileNames(
  db: Db,
  network: string,
  ids: readonly string[],
): Promise<Map<string, ActorName>> {
  if (!ids.length) return new Map();
  const rows = await selectInNetwork(db, 'profiles', network, {})
    .select(['id', 'name', 'fictional'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, fictional: Boolean(r.fictional) }]));
}

/** When each of `refs` was last mailed to the member as `kind`. */
export async function lastMailed(
  db: Db,
  network: string,
  memberId: string,
  kind: MailLogKind,
  refs: readonly string[],
): Promise<Map<string, number>> {
  if (!refs.length) return new Map();
  const rows = await selectInNetwork(db, 'mail_log', network, { member_id: memberId, kind })
    .select(['ref', (eb) => eb.fn.max('sent_at').as('last')])
    .where('ref', 'in', [...new Set(refs)])
    .groupBy('ref')
    .execute();
  return new Map(rows.map((r) => [r.ref, Number(r.last)]));
}

/** How many members have an entry of this kind and ref (a campaign's reach). */
export async function mailedCount(db: Db, network: string, kind: MailLogKind, ref: string): Promise<number> {
  const row = await selectInNetwork(db, 'mail_log', network, { kind, ref })
    .select((eb) => eb.fn.count<number | string | bigint>('member_id').distinct().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function logMail(
  db: Db,
  network: string,
  memberId: string,
  entries: readonly { kind: MailLogKind; ref: string }[],
  now: number,
): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('mail_log')
    .values(
      entries.map((e) => ({
        id: newId(),
        network_id: network,
        member_id: memberId,
        kind: e.kind,
        ref: e.ref,
        sent_at: now,
      })),
    )
    .execute();
}

/** Members (`m`) never mailed as one of `kinds`, or not since `since` when given. */
function notMailed(kinds: readonly MailLogKind[], since?: number) {
  return ({ not, exists, selectFrom }: ExpressionBuilder<Database & { m: Database['members'] }, 'm'>) => {
    let mailed = selectFrom('mail_log as l')
      .select('l.id')
      .whereRef('l.member_id', '=', 'm.id')
      .where('l.kind', 'in', [...kinds]);
    if (since !== undefined) mailed = mailed.where('l.sent_at', '>', since);
    return not(exists(mailed));
  };
}

/**
 * Unconfirmed members whose signup is between a day and the activation link's week old and who
 * had no activation reminder yet.
 */
export async function activationReminderDue(
  db: Db,
  now: number,
  ageMs: number,
  maxAgeMs: number,
  limit: number,
): Promise<{ network: string; memberId: string }[]> {
  const rows = await db
    .selectFrom('members as m')
    .select(['m.network_id', 'm.id'])
    .where('m.status', '=', 'not_confirmed')
    .where('m.created_at', '<=', now - ageMs)
    .where('m.created_at', '>', now - maxAgeMs)
    .where(notMailed(['activation_reminder']))
    .limit(limit)
    .execute();
  return rows.map((r) => ({ network: r.network_id, memberId: r.id }));
}

/**
 * Confirmed members with messages unread for longer than `ageMs` (and younger than `maxAgeMs`):
 * how many and since when. The oldest tells whether a reminder already went for them.
 */
export async function unreadWaiting(
  db: Db,
  now: number,
  ageMs: number,
  maxAgeMs: number,
  limit: number,
): Promise<{ network: string; memberId: string; count: number; oldest: number }[]> {
  const rows = await db
    .selectFrom('messages as msg')
    .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
    .innerJoin('profiles as p', (j) =>
      j.on((eb) =>
        eb.and([
          eb('p.network_id', '=', eb.ref('msg.network_id')),
          eb.or([
            eb.and([
              eb('c.profile_a_id', '=', eb.ref('msg.sender_profile_id')),
              eb('p.id', '=', eb.ref('c.profile_b_id')),
            ]),
            eb.and([
              eb('c.profile_b_id', '=', eb.ref('msg.sender_profile_id')),
              eb('p.id', '=', eb.ref('c.profile_a_id')),
            ]),
          ]),
        ]),
      ),
    )
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .select([
      'm.network_id',
      'm.id',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.min('msg.created_at').as('oldest'),
    ])
    .where('msg.read_at', 'is', null)
    .where('msg.held', '=', 0)
    .where('msg.created_at', '<=', now - ageMs)
    .where('msg.created_at', '>', now - maxAgeMs)
    .where('m.status', '=', 'active')
    .groupBy(['m.network_id', 'm.id'])
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    network: r.network_id,
    memberId: r.id,
    count: Number(r.count),
    oldest: Number(r.oldest),
  }));
}

/** Confirmed members of a site who said yes to a consent category, in pages by id. */
export async function consentingMembers(
  db: Db,
  network: string,
  siteId: string,
  category: NotificationCategory,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('notification_preferences as n', (j) =>
      j.onRef('n.member_id', '=', 'm.id').on('n.category', '=', category).on('n.disabled', '=', 0),
    )
    .select('m.id')
    .where('m.network_id', '=', network)
    .where('m.site_id', '=', siteId)
    .where('m.status', '=', 'active')
    .where('m.id', '>', after)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Where a walk of the members due a weekly update stands: the last member it read. */
export interface WeeklyCursor {
  lookedAt: number;
  createdAt: number;
  id: string;
}

/**
 * The active members of a site whose week is due a look, `limit` at a time after `after`, in the
 * order they fell due: last looked at more than seven days ago (0, never), and joined more than
 * seven days ago. One range of `members_weekly_due_idx` (0044): a run reads the members due, not
 * the network. The range also holds the members of the last week not looked at yet (0, joined
 * lately); they are read past, a week's signups at most.
 */
export async function weeklyDue(
  db: Db,
  network: string,
  siteId: string,
  now: number,
  after: WeeklyCursor | undefined,
  limit: number,
): Promise<WeeklyCursor[]> {
  const weekAgo = now - 7 * 24 * 3_600_000;
  const rows = await selectInNetwork(db, 'members', network, { site_id: siteId, status: 'active' })
    .select(['id', 'weekly_looked_at', 'created_at'])
    .where('weekly_looked_at', '<=', weekAgo)
    .where('created_at', '<=', weekAgo)
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb(
          eb.refTuple('weekly_looked_at', 'created_at', 'id'),
          '>',
          eb.tuple(after!.lookedAt, after!.createdAt, after!.id),
        ),
      ),
    )
    .orderBy('weekly_looked_at')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    lookedAt: Number(row.weekly_looked_at),
    createdAt: Number(row.created_at),
    id: row.id,
  }));
}

/** Records that the weekly update looked at the member's week at `now` (due again in seven days). */
export async function markWeekLookedAt(
  db: Db,
  network: string,
  memberId: string,
  now: number,
): Promise<void> {
  await updateInNetwork(db, 'members', network, { id: memberId }).set({ weekly_looked_at: now }).execute();
}

/**
 * The weekly update's true numbers: real members (no operator profiles) who joined since `since`
 * in the member's country with the gender the member seeks, and the member's matches since then.
 *
 * Every member of one country seeking one gender gets the same count of new members, and
 * counting walks that country's profiles: once per member, a run over a network of a million
 * members never ended. So a run counts once per country and sought gender (`counted`, the run's
 * own) and takes the member's own profile out where it is one of the new ones.
 */
export async function weeklyNumbers(
  db: Db,
  network: string,
  profileId: string,
  since: number,
  counted: Map<string, number> = new Map(),
): Promise<{ newMembers: number; matches: number }> {
  const me = await selectInNetwork(db, 'profiles', network, { id: profileId })
    .select(['country', 'seeking', 'gender', 'member_id', 'created_at', 'status', 'listing', 'fictional'])
    .executeTakeFirst();
  if (!me) return { newMembers: 0, matches: 0 };
  const sought = me.seeking === 'male' || me.seeking === 'female' ? me.seeking : null;
  const key = JSON.stringify([network, me.country, sought, since]);
  let newInCountry = counted.get(key);
  if (newInCountry === undefined) {
    const publicRealInCountry = {
      country: me.country,
      status: 'active',
      listing: 'public',
      fictional: 0,
      ...(sought && { gender: sought }),
    } as const;
    const near = await selectInNetwork(db, 'profiles', network, publicRealInCountry)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', 'is not', null)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    newInCountry = Number(near?.n ?? 0);
    counted.set(key, newInCountry);
  }
  const selfAmongThem =
    me.member_id !== null &&
    me.created_at >= since &&
    me.status === 'active' &&
    me.listing === 'public' &&
    me.fictional === 0 &&
    (sought === null || me.gender === sought);
  const matches = await db
    .selectFrom('likes as mine')
    .innerJoin('likes as theirs', (j) =>
      j
        .onRef('theirs.liker_profile_id', '=', 'mine.liked_profile_id')
        .onRef('theirs.liked_profile_id', '=', 'mine.liker_profile_id')
        .onRef('theirs.network_id', '=', 'mine.network_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mine.network_id', '=', network)
    .where('mine.liker_profile_id', '=', profileId)
    .where((eb) => eb.or([eb('mine.created_at', '>=', since), eb('theirs.created_at', '>=', since)]))
    .executeTakeFirst();
  return { newMembers: newInCountry - (selfAmongThem ? 1 : 0), matches: Number(matches?.n ?? 0) };
}

/** Members of the network with this address (lower-cased at signup), on one site or all. */
export async function membersByEmail(
  db: Db,
  network: string,
  email: string,
  siteId?: string,
): Promise<string[]> {
  let query = selectInNetwork(db, 'members', network, { email: email.trim().toLowerCase() }).select('id');
  if (siteId) query = query.where('site_id', '=', siteId);
  return (await query.execute()).map((r) => r.id);
}
