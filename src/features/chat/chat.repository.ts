import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import { countPerMemberSourceAndDay, membersWithArrival } from '../../db/arrival-source.ts';
import { compiledOnce, compiledPerShape, compiledProfileRead, type CompiledOnce } from '../../db/compiled.ts';
import type { Database, MessageType } from '../../db/database.ts';
import { inGroupedTransaction, runsTransactionsAlone, type Refusal } from '../../db/group-commit.ts';
import { deleteInNetwork, selectInNetwork, valueInNetwork } from '../../db/query-network.ts';
import { dailyCount, type DailyCount, type DailyFiguresQuery } from '../../server/daily-figures.ts';
import { holdMemberRow } from '../credits/index.ts';
import { CARD_COLUMNS, visibleProfiles, type CardRow, type Viewer } from '../profiles/index.ts';
import { keysetPage } from '../../db/keyset.ts';

/*
 * Conversations and messages. A pair of profiles has one conversation (`profile_a_id` <
 * `profile_b_id`), each side keeps its own state in `conversation_members` (unread count, read
 * mark, hidden since). Every read that shows the other side starts from `visibleProfiles`, so
 * blocks both ways, invisible and private modes, sister brands and the network hold here as in
 * search. A held message (its sender not confirmed yet) exists only for its sender until
 * activation delivers it. The statements of a send (its hot path) are compiled once
 * (db/compiled.ts): building them with Kysely cost more than SQLite takes to run them.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The profile on the other side of conversation `alias` from `profileId`. */
const otherSide = (alias: 'c' | 'pair', profileId: string) =>
  sql<string>`case when ${sql.ref(`${alias}.profile_a_id`)} = ${profileId} then ${sql.ref(`${alias}.profile_b_id`)} else ${sql.ref(`${alias}.profile_a_id`)} end`;

/** Where a member looks from: the network, the viewer and the sister brands withheld here. */
export interface Scope {
  network: string;
  viewer: Viewer;
  withheldSites: readonly string[];
}

/** The chat list shows at most this many conversations, the most recent first. */
export const CHAT_LIST_LIMIT = 200;

/** The two ids of a pair in the stored order. */
export function pairOf(one: string, other: string): [string, string] {
  return one < other ? [one, other] : [other, one];
}

export interface ConversationRow {
  id: string;
  profile_a_id: string;
  profile_b_id: string;
  created_at: number;
  last_message_at: number | null;
  last_message_id: string | null;
}

const CONVERSATION_COLUMNS = [
  'c.id',
  'c.profile_a_id',
  'c.profile_b_id',
  'c.created_at',
  'c.last_message_at',
  'c.last_message_id',
] as const;

/** A conversation of the network that `profileId` takes part in. */
export async function conversationOfMember(
  db: Db,
  network: string,
  conversationId: string,
  profileId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations as c')
    .select(CONVERSATION_COLUMNS)
    .where('c.network_id', '=', network)
    .where('c.id', '=', conversationId)
    .where((eb) => eb.or([eb('c.profile_a_id', '=', profileId), eb('c.profile_b_id', '=', profileId)]))
    .executeTakeFirst();
}

/** The conversation of two profiles, if they have one. */
export async function conversationBetween(
  db: Db,
  network: string,
  one: string,
  other: string,
): Promise<ConversationRow | undefined> {
  const [a, b] = pairOf(one, other);
  return conversationOfPairQuery.executeTakeFirst(db, { network, a, b });
}

const conversationOfPairQuery = compiledOnce<{ network: string; a: string; b: string }, ConversationRow>(
  ['network', 'a', 'b'],
  (db, v) =>
    db
      .selectFrom('conversations as c')
      .select(CONVERSATION_COLUMNS)
      .where('c.network_id', '=', v.network)
      .where('c.profile_a_id', '=', v.a)
      .where('c.profile_b_id', '=', v.b),
);

/**
 * The conversation of two profiles, opened when they have none. Two first messages at once meet
 * at the pair's unique constraint: one inserts, both then read the same row.
 */
export async function openConversation(
  trx: Transaction<Database>,
  network: string,
  one: string,
  other: string,
  id: string,
  now: number,
): Promise<ConversationRow> {
  const [a, b] = pairOf(one, other);
  await trx
    .insertInto('conversations')
    .values({ id, network_id: network, profile_a_id: a, profile_b_id: b, created_at: now })
    .onConflict((conflict) => conflict.columns(['profile_a_id', 'profile_b_id']).doNothing())
    .execute();
  const row = await conversationBetween(trx, network, one, other);
  if (!row) throw new Error('The conversation of a pair vanished within its transaction');
  for (const profileId of [a, b]) {
    await trx
      .insertInto('conversation_members')
      .values({ conversation_id: row.id, profile_id: profileId, network_id: network, created_at: now })
      .onConflict((conflict) => conflict.columns(['conversation_id', 'profile_id']).doNothing())
      .execute();
  }
  return row;
}

/** One side's own state of a conversation. */
export async function memberState(
  db: Db,
  network: string,
  conversationId: string,
  profileId: string,
): Promise<{ unread_count: number; last_read_at: number | null; deleted_at: number | null } | undefined> {
  return db
    .selectFrom('conversation_members')
    .select(['unread_count', 'last_read_at', 'deleted_at'])
    .where('network_id', '=', network)
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

/**
 * Runs `work` in a transaction where no other send of the member can interleave, so the free
 * messages and conversations each one counts include the others'. On PostgreSQL it holds the
 * sender's account row (a no-op update): the row the credits ledger holds for the spend, taken
 * first, so a send holds the same rows in the same order as the ledger and the account changes
 * do (never a deadlock between them). On SQLite the transaction runs alone on the one connection
 * and the sends of one turn of the event loop share it and its commit (db/group-commit.ts):
 * `work` may run again when another send in it fails after writing; a refusal before its first
 * write (`refuse`) costs the others nothing.
 */
export async function withSenderLock<T>(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  work: (trx: Transaction<Database>) => Promise<T | Refusal>,
): Promise<T> {
  return inGroupedTransaction(db, async (trx) => {
    // On SQLite the transaction already runs alone (db/group-commit.ts): no other send of the
    // member can come between its checks and its writes, and the held row would be one more write.
    if (!runsTransactionsAlone(trx)) await holdMemberRow(trx, network, memberId);
    return work(trx);
  });
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_profile_id: string;
  type: MessageType;
  text: string | null;
  photo_id: string | null;
  gift_id: string | null;
  credits_spent: number;
  client_id: string | null;
  created_at: number;
  read_at: number | null;
  held: 0 | 1;
  /** An image message's files (joined from `chat_photos`). */
  photo_filename: string | null;
  photo_thumb_filename: string | null;
  photo_blur_filename: string | null;
}

const MESSAGE_COLUMNS = [
  'm.id',
  'm.conversation_id',
  'm.sender_profile_id',
  'm.type',
  'm.text',
  'm.photo_id',
  'm.gift_id',
  'm.credits_spent',
  'm.client_id',
  'm.created_at',
  'm.read_at',
  'm.held',
  'cp.filename as photo_filename',
  'cp.thumb_filename as photo_thumb_filename',
  'cp.blur_filename as photo_blur_filename',
] as const;

/** Messages as `MessageRow`s: with their image's files. */
export function messageRows(db: Db) {
  return db
    .selectFrom('messages as m')
    .leftJoin('chat_photos as cp', 'cp.id', 'm.photo_id')
    .select(MESSAGE_COLUMNS);
}

/** A conversation's messages are paged in the order they were sent, the id breaking ties. */
const MESSAGE_KEY = { time: 'm.created_at', id: 'm.id' } as const;

/** The message a sender already sent with this idempotency key, if any. */
export async function messageByClientId(
  db: Db,
  network: string,
  senderProfileId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  return messageByClientIdQuery.executeTakeFirst(db, { network, senderProfileId, clientId });
}

const messageByClientIdQuery = compiledOnce<
  { network: string; senderProfileId: string; clientId: string },
  MessageRow
>(['network', 'senderProfileId', 'clientId'], (db, v) =>
  messageRows(db)
    .where('m.network_id', '=', v.network)
    .where('m.sender_profile_id', '=', v.senderProfileId)
    .where('m.client_id', '=', v.clientId)
    .$castTo<MessageRow>(),
);

export interface NewMessage {
  id: string;
  conversationId: string;
  senderProfileId: string;
  type: MessageType;
  text: string | null;
  photoId: string | null;
  giftId: string | null;
  creditsSpent: number;
  clientId: string | null;
  createdAt: number;
  held: boolean;
}

/**
 * Stores a message; answers false when the sender's `client_id` was taken already (a retry that
 * raced the first send past the lookup): the unique index decides, nothing is written.
 */
export async function insertMessage(
  trx: Transaction<Database>,
  network: string,
  m: NewMessage,
): Promise<boolean> {
  const result = await insertMessageQuery.executeResult(trx, {
    ...m,
    network,
    held: m.held ? 1 : 0,
  });
  return Number(result.numAffectedRows ?? 0) > 0;
}

const insertMessageQuery = compiledOnce<Omit<NewMessage, 'held'> & { network: string; held: 0 | 1 }, never>(
  [
    'id',
    'conversationId',
    'network',
    'senderProfileId',
    'type',
    'text',
    'photoId',
    'giftId',
    'creditsSpent',
    'clientId',
    'createdAt',
    'held',
  ],
  (db, v) =>
    db
      .insertInto('messages')
      .values({
        id: v.id,
        conversation_id: v.conversationId,
        network_id: v.network,
        sender_profile_id: v.senderProfileId,
        type: v.type,
        text: v.text,
        photo_id: v.photoId,
        gift_id: v.giftId,
        credits_spent: v.creditsSpent,
        client_id: v.clientId,
        created_at: v.createdAt,
        held: v.held,
      })
      .onConflict((conflict) => conflict.columns(['sender_profile_id', 'client_id']).doNothing()),
);

/** The conversation's newest message, and one more unread for the receiving side unless held. */
export async function recordDelivery(
  trx: Transaction<Database>,
  network: string,
  conversationId: string,
  message: { id: string; createdAt: number },
  receiver: { profileId: string; unread: number },
): Promise<void> {
  await latestMessageQuery.execute(trx, {
    network,
    conversationId,
    messageId: message.id,
    createdAt: message.createdAt,
  });
  if (receiver.unread > 0) {
    await unreadQuery.execute(trx, {
      network,
      conversationId,
      profileId: receiver.profileId,
      unread: receiver.unread,
    });
  }
}

const latestMessageQuery = compiledOnce<
  { network: string; conversationId: string; messageId: string; createdAt: number },
  never
>(['network', 'conversationId', 'messageId', 'createdAt'], (db, v) =>
  db
    .updateTable('conversations')
    .set({ last_message_at: v.createdAt, last_message_id: v.messageId })
    .where('network_id', '=', v.network)
    .where('id', '=', v.conversationId)
    .where((eb) => eb.or([eb('last_message_at', 'is', null), eb('last_message_at', '<=', v.createdAt)])),
);

const unreadQuery = compiledOnce<
  { network: string; conversationId: string; profileId: string; unread: number },
  never
>(['network', 'conversationId', 'profileId', 'unread'], (db, v) =>
  db
    .updateTable('conversation_members')
    .set((eb) => ({ unread_count: eb('unread_count', '+', v.unread) }))
    .where('network_id', '=', v.network)
    .where('conversation_id', '=', v.conversationId)
    .where('profile_id', '=', v.profileId),
);

/** Messages sent free of charge by the profile (a free member's allowance counts these). */
export async function freeMessagesSent(db: Db, network: string, senderProfileId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('network_id', '=', network)
    .where('sender_profile_id', '=', senderProfileId)
    .where('type', '=', 'text')
    .where('credits_spent', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The conversations the profile has written in, besides `except` (the free limit counts these). */
export async function conversationsWrittenIn(
  db: Db,
  network: string,
  senderProfileId: string,
  except: string | null,
): Promise<number> {
  let query = db
    .selectFrom('messages')
    .select((eb) => eb.fn.count<string | number>('conversation_id').distinct().as('n'))
    .where('network_id', '=', network)
    .where('sender_profile_id', '=', senderProfileId);
  if (except) query = query.where('conversation_id', '!=', except);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

const conversationsWrittenWithQuery = compiledOnce<
  { network: string; sender: string; other: string },
  { n: string | number; here: string | number | null }
>(['network', 'sender', 'other'], (db, v) =>
  db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => [
      eb.fn.count<string | number>('m.conversation_id').distinct().as('n'),
      eb.fn
        .max<string | number | null>(
          eb
            .case()
            .when(eb.or([eb('c.profile_a_id', '=', v.other), eb('c.profile_b_id', '=', v.other)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('here'),
    ])
    .where('m.network_id', '=', v.network)
    .where('m.sender_profile_id', '=', v.sender),
);

/**
 * In how many conversations the profile has written, and whether one of them is with `other`:
 * the free-conversation limit as a profile's Message button states it, in one statement
 * (asked on every profile view: compiled once, src/db/compiled.ts).
 */
export async function conversationsWrittenWith(
  db: Db,
  network: string,
  senderProfileId: string,
  otherProfileId: string,
): Promise<{ count: number; withOther: boolean }> {
  const row = await conversationsWrittenWithQuery.executeTakeFirst(db, {
    network,
    sender: senderProfileId,
    other: otherProfileId,
  });
  // An aggregate without group by answers one row, even over no messages.
  return { count: Number(row?.n ?? 0), withOther: Number(row?.here ?? 0) === 1 };
}

/** Whether the profile has written in the conversation. */
export async function hasWrittenIn(
  db: Db,
  network: string,
  conversationId: string,
  senderProfileId: string,
): Promise<boolean> {
  const row = await selectInNetwork(db, 'messages', network, {
    conversation_id: conversationId,
    sender_profile_id: senderProfileId,
  })
    .select('id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of a conversation as one side sees it, newest first: keyset on (created_at, id). */
export async function messagePage(
  db: Db,
  network: string,
  conversationId: string,
  viewerProfileId: string,
  options: { after: number | null; before: { at: number; id: string } | null; limit: number },
): Promise<MessageRow[]> {
  let query = messageRows(db)
    .where('m.network_id', '=', network)
    .where('m.conversation_id', '=', conversationId)
    .where((eb) => eb.or([eb('m.held', '=', 0), eb('m.sender_profile_id', '=', viewerProfileId)]));
  if (options.after !== null) query = query.where('m.created_at', '>', options.after);
  return keysetPage(query, MESSAGE_KEY, 'desc', options.before, options.limit).execute() as Promise<
    MessageRow[]
  >;
}

/** Whether the side has messages at or before `until` that it could see but for the history limit. */
export async function hasMessagesUntil(
  db: Db,
  network: string,
  conversationId: string,
  viewerProfileId: string,
  after: number | null,
  until: number,
): Promise<boolean> {
  let query = db
    .selectFrom('messages as m')
    .select('m.id')
    .where('m.network_id', '=', network)
    .where('m.conversation_id', '=', conversationId)
    .where('m.created_at', '<=', until)
    .where((eb) => eb.or([eb('m.held', '=', 0), eb('m.sender_profile_id', '=', viewerProfileId)]));
  if (after !== null) query = query.where('m.created_at', '>', after);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Opening a conversation reads it: the side's unread count goes to 0 and the other side's
 * delivered messages get their read time. Answers how many messages became read.
 */
export async function markRead(
  db: Db,
  network: string,
  conversationId: string,
  readerProfileId: string,
  now: number,
  options: { receipts: boolean } = { receipts: true },
): Promise<number> {
  await db
    .updateTable('conversation_members')
    .set({ unread_count: 0, last_read_at: now })
    .where('network_id', '=', network)
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', readerProfileId)
    .execute();
  // Without receipts the sender's messages stay unread for them (an invisible reader).
  if (!options.receipts) return 0;
  const result = await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('network_id', '=', network)
    .where('conversation_id', '=', conversationId)
    .where('sender_profile_id', '!=', readerProfileId)
    .where('held', '=', 0)
    .where('read_at', 'is', null)
    .where('created_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** Hides the conversation for this side only: its list and history start again after `now`. */
export async function hideConversation(
  db: Db,
  network: string,
  conversationId: string,
  profileId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ deleted_at: now, unread_count: 0 })
    .where('network_id', '=', network)
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', profileId)
    .execute();
}

export type ChatRow = CardRow & {
  conversation_id: string;
  unread_count: number;
  deleted_at: number | null;
  last_message_at: number | null;
  /** The conversation's last message (read in the list's statement). */
  last_message: MessageRow | null;
};

/**
 * `MessageRow`'s columns as the chat list reads them with each conversation: from `lm` (its last
 * message) and `lcp` (that message's image), each named with the prefix `lm_`.
 */
const LAST_MESSAGE_FIELDS = MESSAGE_COLUMNS.map((column) => {
  const [source, alias] = column.split(' as ') as [string, string | undefined];
  const [table, name] = source.split('.') as [string, string];
  const field = (alias ?? name) as keyof MessageRow;
  return { field, select: `${table === 'm' ? 'lm' : 'lcp'}.${name} as lm_${field}` };
});

type LastMessageColumns = { [K in keyof MessageRow as `lm_${K}`]: MessageRow[K] | null };

/** A list row's last message; null for a conversation without one. */
function lastMessageOf(row: LastMessageColumns): MessageRow | null {
  if (row.lm_id === null) return null;
  const columns = row as unknown as Record<string, unknown>;
  return Object.fromEntries(
    LAST_MESSAGE_FIELDS.map(({ field }) => [field, columns[`lm_${field}`]]),
  ) as unknown as MessageRow;
}

/*
 * The chat list, compiled once per shape (the number of withheld sister brands): every chat list
 * and `GET /api/chats.php` built it with Kysely, which took longer than SQLite took to answer it
 * for a member with few conversations.
 */
const chatListQuery = compiledPerShape((db, { scope }: { scope: Scope }) => {
  const me = scope.viewer.profileId;
  return (
    visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites)
      // The member's partners first (their side's index), so the visibility rule is asked of
      // those few profiles rather than of the whole network.
      .where('p.id', 'in', (eb) =>
        eb
          .selectFrom('conversation_members as mine')
          .innerJoin('conversations as pair', 'pair.id', 'mine.conversation_id')
          .select(otherSide('pair', me).as('partner'))
          .where('mine.profile_id', '=', me)
          .where('mine.network_id', '=', scope.network),
      )
      .innerJoin('conversations as c', (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([eb('c.profile_a_id', '=', me), eb('c.profile_b_id', '=', eb.ref('p.id'))]),
            eb.and([eb('c.profile_b_id', '=', me), eb('c.profile_a_id', '=', eb.ref('p.id'))]),
          ]),
        ),
      )
      .innerJoin('conversation_members as cm', (join) =>
        join.onRef('cm.conversation_id', '=', 'c.id').on('cm.profile_id', '=', me),
      )
      .where('c.network_id', '=', scope.network)
      .where('c.last_message_at', 'is not', null)
      .where((eb) =>
        eb.or([eb('cm.deleted_at', 'is', null), eb('c.last_message_at', '>', eb.ref('cm.deleted_at'))]),
      )
      // The last message with the list: each row's by its id (the primary key).
      .leftJoin('messages as lm', (join) =>
        join.onRef('lm.id', '=', 'c.last_message_id').on('lm.network_id', '=', scope.network),
      )
      .leftJoin('chat_photos as lcp', 'lcp.id', 'lm.photo_id')
      .select([
        ...CARD_COLUMNS,
        'c.id as conversation_id',
        'cm.unread_count',
        'cm.deleted_at',
        'c.last_message_at',
      ])
      .select(LAST_MESSAGE_FIELDS.map((f) => f.select) as unknown as ['lm.id'])
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id')
      .limit(CHAT_LIST_LIMIT) as unknown as Compilable<Omit<ChatRow, 'last_message'> & LastMessageColumns>
  );
});

/**
 * The viewer's conversations with profiles they may see, the most recent first: blocked,
 * invisible, withheld and other networks' profiles never appear, nor a conversation the viewer
 * hid and that has had no message since.
 */
export async function listChats(db: Kysely<Database>, scope: Scope): Promise<ChatRow[]> {
  return (await chatListQuery.execute(db, { scope })).map((row) => {
    const chat: Record<string, unknown> = { last_message: lastMessageOf(row) };
    for (const [name, value] of Object.entries(row)) if (!name.startsWith('lm_')) chat[name] = value;
    return chat as unknown as ChatRow;
  });
}

/** The profiles `viewer` may see, each with the account behind it (none for an operator's profile). */
function visibleWithAccount(
  db: Kysely<Database>,
  network: string,
  viewer: string,
  withheldSites: readonly string[],
) {
  return visibleProfiles(db, network, { profileId: viewer }, withheldSites).leftJoin(
    'members as mb',
    'mb.id',
    'p.member_id',
  );
}

/** A card with the account behind it (null for an operator's profile) and that account's language. */
export interface AccountCardRow extends CardRow {
  member_id: string | null;
  language: string | null;
}

/** The card of one profile the viewer may see (the signup message's receiver), with its account. */
export async function visibleCard(
  db: Kysely<Database>,
  scope: Scope,
  profileId: string,
): Promise<AccountCardRow | undefined> {
  return visibleCardQuery(scope.withheldSites).executeTakeFirst(db, {
    network: scope.network,
    viewer: scope.viewer.profileId,
    profileId,
  });
}

type CardQuery = CompiledOnce<{ network: string; viewer: string; profileId: string }, AccountCardRow>;

/**
 * `build` once per list of withheld sister brands (a site's setting, so a handful at most): the
 * visibility rule writes the list into the SQL, the rest are values.
 */
function perWithheldSites<T>(build: (withheldSites: readonly string[]) => T) {
  const built = new Map<string, T>();
  return (withheldSites: readonly string[]): T => {
    const key = withheldSites.join('\u0000');
    let known = built.get(key);
    if (known === undefined) {
      known = build(withheldSites);
      built.set(key, known);
    }
    return known;
  };
}

const visibleCardQuery = perWithheldSites((withheldSites): CardQuery =>
  compiledOnce(['network', 'viewer', 'profileId'], (db, v) =>
    visibleWithAccount(db, v.network, v.viewer, withheldSites)
      .where('p.id', '=', v.profileId)
      .select([...CARD_COLUMNS, 'p.member_id', 'mb.language'])
      .$castTo<AccountCardRow>(),
  ),
);

/** The other side of a send or a typing event, as the member may see it, with the pair's conversation. */
export interface VisibleCounterpart {
  card: AccountCardRow;
  conversation: ConversationRow | undefined;
}

/** What a chat call names: its conversation, or (before there is one) the other profile. */
export type CounterpartTarget = { conversation: string } | { profile: string };

/**
 * `visibleCard` and the pair's conversation in one statement (a send's two reads): by the
 * conversation the member takes part in, or by the other profile. Undefined when the member may
 * not see the other side or takes no part in the conversation; the caller then asks why.
 */
export async function visibleCounterpart(
  db: Kysely<Database>,
  scope: Scope,
  target: CounterpartTarget,
): Promise<VisibleCounterpart | undefined> {
  const queries = counterpartQueries(scope.withheldSites);
  const viewer = scope.viewer.profileId;
  const row =
    'conversation' in target
      ? await queries.byConversation.executeTakeFirst(db, {
          network: scope.network,
          viewer,
          conversation: target.conversation,
        })
      : await queries.byProfile.executeTakeFirst(db, {
          network: scope.network,
          viewer,
          profileId: target.profile,
          ...pairValues(viewer, target.profile),
        });
  if (!row) return undefined;
  const {
    conversation_id,
    conversation_profile_a_id,
    conversation_profile_b_id,
    conversation_created_at,
    conversation_last_message_at,
    conversation_last_message_id,
    ...card
  } = row;
  const conversation =
    conversation_id === null
      ? undefined
      : {
          id: conversation_id,
          profile_a_id: conversation_profile_a_id!,
          profile_b_id: conversation_profile_b_id!,
          created_at: conversation_created_at!,
          last_message_at: conversation_last_message_at,
          last_message_id: conversation_last_message_id,
        };
  return { card, conversation };
}

function pairValues(one: string, other: string): { a: string; b: string } {
  const [a, b] = pairOf(one, other);
  return { a, b };
}

interface CounterpartRow extends AccountCardRow {
  conversation_id: string | null;
  conversation_profile_a_id: string | null;
  conversation_profile_b_id: string | null;
  conversation_created_at: number | null;
  conversation_last_message_at: number | null;
  conversation_last_message_id: string | null;
}

const COUNTERPART_COLUMNS = [
  ...CARD_COLUMNS,
  'p.member_id',
  'mb.language',
  'c.id as conversation_id',
  'c.profile_a_id as conversation_profile_a_id',
  'c.profile_b_id as conversation_profile_b_id',
  'c.created_at as conversation_created_at',
  'c.last_message_at as conversation_last_message_at',
  'c.last_message_id as conversation_last_message_id',
] as const;

interface CounterpartQueries {
  byConversation: CompiledOnce<{ network: string; viewer: string; conversation: string }, CounterpartRow>;
  byProfile: CompiledOnce<
    { network: string; viewer: string; profileId: string; a: string; b: string },
    CounterpartRow
  >;
}

const counterpartQueries = perWithheldSites((withheldSites): CounterpartQueries => ({
  // The other side is whichever of the pair the viewer is not: an expression of the
  // conversation's row, so the profile is found by its key once the conversation is.
  byConversation: compiledOnce(['network', 'viewer', 'conversation'], (db, v) =>
    visibleWithAccount(db, v.network, v.viewer, withheldSites)
      .innerJoin('conversations as c', (join) =>
        join
          .on('c.id', '=', v.conversation)
          .on('c.network_id', '=', v.network)
          .on((eb) => eb.or([eb('c.profile_a_id', '=', v.viewer), eb('c.profile_b_id', '=', v.viewer)])),
      )
      .where((eb) => eb('p.id', '=', otherSide('c', v.viewer)))
      .select(COUNTERPART_COLUMNS)
      .$castTo<CounterpartRow>(),
  ),
  byProfile: compiledOnce(['network', 'viewer', 'profileId', 'a', 'b'], (db, v) =>
    visibleWithAccount(db, v.network, v.viewer, withheldSites)
      .leftJoin('conversations as c', (join) =>
        join.on('c.network_id', '=', v.network).on('c.profile_a_id', '=', v.a).on('c.profile_b_id', '=', v.b),
      )
      .where('p.id', '=', v.profileId)
      .select(COUNTERPART_COLUMNS)
      .$castTo<CounterpartRow>(),
  ),
}));

/* Compiled once per number of ids: the chat list reads its last messages on every request. */
const messagesByIdQuery = compiledPerShape((db, v: { network: string; ids: readonly string[] }) =>
  messageRows(db)
    .where('m.network_id', '=', v.network)
    .where('m.id', 'in', [...v.ids])
    .$castTo<MessageRow>(),
);

/** Messages by id (a held message delivered, one just sent or answered). */
export async function messagesById(db: Db, network: string, ids: readonly string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return messagesByIdQuery.execute(db, { network, ids });
}

/** The account behind a profile (null for an operator's) and its language. */
export const accountOfProfile = compiledProfileRead<{ member_id: string | null; language: string | null }>(
  (db, v) =>
    db
      .selectFrom('profiles as p')
      .leftJoin('members as mb', 'mb.id', 'p.member_id')
      .select(['p.member_id', 'mb.language'])
      .where('p.network_id', '=', v.network)
      .where('p.id', '=', v.profileId),
);

/** The held messages of a sender, oldest first, for delivery at activation. */
export async function heldMessagesOf(
  db: Db,
  network: string,
  senderProfileId: string,
): Promise<MessageRow[]> {
  return messageRows(db)
    .where('m.network_id', '=', network)
    .where('m.sender_profile_id', '=', senderProfileId)
    .where('m.held', '=', 1)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute() as Promise<MessageRow[]>;
}

/** Releases held messages; answers those this call released (a second activation finds none). */
export async function releaseHeld(
  trx: Transaction<Database>,
  network: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('messages')
    .set({ held: 0 })
    .where('network_id', '=', network)
    .where('id', 'in', [...ids])
    .where('held', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** The profile of an account. */
export const profileOfMember = (db: Db, network: string, memberId: string) =>
  valueInNetwork(db, 'profiles', network, { member_id: memberId }, 'id');

/** The member's balance (the ledger's cached sum), for an answer that books nothing. */
export async function creditsOf(db: Db, network: string, memberId: string): Promise<number> {
  return Number((await valueInNetwork(db, 'members', network, { id: memberId }, 'credits')) ?? 0);
}

export interface NewChatPhoto {
  id: string;
  profileId: string;
  filename: string;
  thumbFilename: string;
  blurFilename: string;
  blurThumbFilename: string;
  createdAt: number;
}

/** A picture uploaded for a chat message (not one of the profile's photos). */
export async function insertChatPhoto(db: Db, network: string, photo: NewChatPhoto): Promise<void> {
  await db
    .insertInto('chat_photos')
    .values({
      id: photo.id,
      network_id: network,
      profile_id: photo.profileId,
      filename: photo.filename,
      thumb_filename: photo.thumbFilename,
      blur_filename: photo.blurFilename,
      blur_thumb_filename: photo.blurThumbFilename,
      created_at: photo.createdAt,
    })
    .execute();
}

/** Who uploaded a chat picture. */
export const chatPhotoUploader = (db: Db, network: string, photoId: string) =>
  valueInNetwork(db, 'chat_photos', network, { id: photoId }, 'profile_id');

/**
 * The two sides of the conversation a chat picture file was sent in (none for a picture not
 * sent yet: then only its uploader may see it), for the media route's check.
 */
export async function chatPhotoFileAudience(
  db: Db,
  path: string,
): Promise<{ network: string; uploader: string; sides: string[] } | undefined> {
  const photo = await db
    .selectFrom('chat_photos')
    .select(['id', 'network_id', 'profile_id'])
    .where((eb) =>
      eb.or([
        eb('filename', '=', path),
        eb('thumb_filename', '=', path),
        eb('blur_filename', '=', path),
        eb('blur_thumb_filename', '=', path),
      ]),
    )
    .executeTakeFirst();
  if (!photo) return undefined;
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.profile_a_id', 'c.profile_b_id', 'm.held'])
    .where('m.network_id', '=', photo.network_id)
    .where('m.photo_id', '=', photo.id)
    .execute();
  const sides = rows.filter((r) => r.held === 0).flatMap((r) => [r.profile_a_id, r.profile_b_id]);
  return { network: photo.network_id, uploader: photo.profile_id, sides };
}

export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}

/** The conversations the profile takes part in, as its side sees them (whom with, read, removed). */
export async function conversationsOf(db: Db, network: string, profileId: string) {
  return db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select([
      'c.id as conversation_id',
      otherSide('c', profileId).as('with_profile_id'),
      'c.created_at as started_at',
      'c.last_message_at',
      'cm.created_at',
      'cm.unread_count',
      'cm.last_read_at',
      'cm.deleted_at',
    ])
    .where('cm.network_id', '=', network)
    .where('cm.profile_id', '=', profileId)
    .orderBy('c.created_at')
    .execute();
}

/** The profile's chat pictures (the download lists them), oldest first. */
export async function chatPhotosOf(db: Db, network: string, profileId: string) {
  return db
    .selectFrom('chat_photos')
    .select(['id', 'filename', 'created_at'])
    .where('network_id', '=', network)
    .where('profile_id', '=', profileId)
    .orderBy('created_at')
    .execute();
}

/** Removes the profile's chat pictures; answers their stored files, to delete after the commit. */
export async function eraseChatPhotos(
  trx: Transaction<Database>,
  network: string,
  profileId: string,
): Promise<string[]> {
  const rows = await deleteInNetwork(trx, 'chat_photos', network, { profile_id: profileId })
    .returning(['filename', 'thumb_filename', 'blur_filename', 'blur_thumb_filename'])
    .execute();
  return rows.flatMap((r) => [r.filename, r.thumb_filename, r.blur_filename, r.blur_thumb_filename]);
}

/**
 * The stored chat events of the profile's conversations, on every side: a `message` event
 * carries the words, and a reconnecting receiver must not catch up on an erased member's text.
 * Events are a catch-up buffer, so losing the other side's few of these costs nothing lasting.
 */
export async function eraseChatEventsOf(
  trx: Transaction<Database>,
  network: string,
  profileId: string,
): Promise<void> {
  const conversations = await trx
    .selectFrom('conversations')
    .select('id')
    .where('network_id', '=', network)
    .where((eb) => eb.or([eb('profile_a_id', '=', profileId), eb('profile_b_id', '=', profileId)]))
    .execute();
  for (const { id } of conversations) {
    await trx
      .deleteFrom('events')
      .where('network_id', '=', network)
      .where('type', 'in', ['message', 'read'])
      .where('data', 'like', `%"conversation":${JSON.stringify(id)}%`)
      .execute();
  }
}

/** Blanks the content of every message the profile wrote (the rows keep the other side's history whole). */
export async function blankMessagesOf(trx: Transaction<Database>, network: string, profileId: string) {
  // A message's content is written once and never edited, so the typed builder refuses an
  // update of it; erasure is the one exception.
  await sql`update messages set text = null, photo_id = null where network_id = ${network} and sender_profile_id = ${profileId}`.execute(
    trx,
  );
}

/** A message of the pair's conversation by id, sent by `sender` (what a report may name). */
export async function messageOfPairFrom(
  db: Db,
  network: string,
  messageId: string,
  sender: string,
  other: string,
): Promise<{ id: string; conversation_id: string } | undefined> {
  const [a, b] = pairOf(sender, other);
  return db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.conversation_id'])
    .where('m.network_id', '=', network)
    .where('m.id', '=', messageId)
    .where('m.sender_profile_id', '=', sender)
    .where('c.profile_a_id', '=', a)
    .where('c.profile_b_id', '=', b)
    .executeTakeFirst();
}

/**
 * Up to `each` messages either side of each of `ids` in their conversation, oldest first,
 * without duplicates: what a moderator reads around reported messages.
 */
export async function messagesAround(
  db: Db,
  network: string,
  ids: readonly string[],
  each: number,
): Promise<MessageRow[]> {
  const centres = await messagesById(db, network, ids);
  const found = new Map<string, MessageRow>();
  for (const centre of centres) {
    const conversation = messageRows(db)
      .where('m.network_id', '=', network)
      .where('m.conversation_id', '=', centre.conversation_id);
    const key = { at: centre.created_at, id: centre.id };
    const side = (order: 'asc' | 'desc') =>
      keysetPage(conversation, MESSAGE_KEY, order, key, each).execute() as Promise<MessageRow[]>;
    const [before, after] = await Promise.all([side('desc'), side('asc')]);
    for (const row of [...before, centre, ...after]) found.set(row.id, row);
  }
  return [...found.values()].sort((x, y) => x.created_at - y.created_at || x.id.localeCompare(y.id));
}

/**
 * Messages sent by members (not by the operator's profiles) per sender's site, day and the
 * source of the sender's tracked arrival, for the statistics.
 */
export async function dailySentMessages(
  db: Kysely<Database>,
  query: DailyFiguresQuery,
): Promise<DailyCount[]> {
  if (query.sites.length === 0) return [];
  const messages = membersWithArrival(db)
    .innerJoin('profiles as p', 'p.member_id', 'm.id')
    .innerJoin('messages as msg', 'msg.sender_profile_id', 'p.id')
    .where('msg.network_id', '=', query.network);
  const rows = await countPerMemberSourceAndDay(messages, 'msg.created_at', query);
  return rows.map(dailyCount);
}
