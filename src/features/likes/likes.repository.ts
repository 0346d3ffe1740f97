import {
  sql,
  type Compilable,
  type Expression,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type Transaction,
} from 'kysely';
import { compiledOnce, compiledPerShape } from '../../db/compiled.ts';
import type { Database } from '../../db/database.ts';
import {
  deleteInNetwork,
  deleteInNetworkNaming,
  selectInNetwork,
  updateInNetwork,
  valueInNetwork,
} from '../../db/query-network.ts';
import { CARD_COLUMNS, visibleProfiles, type CardRow, type Viewer } from '../profiles/index.ts';

/*
 * The likes table. Every list starts from `visibleProfiles`, so blocks (both ways), invisible
 * and private modes, sister brands and the network hold here as in search. A like whose
 * `created_at` lies ahead (a fictional welcome like, see likes.service.ts) does not exist yet for
 * the liked member: every read on that side asks for `created_at <= now`.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Where a member looks from: the network, the viewer and the sister brands withheld here. */
export interface Scope {
  network: string;
  viewer: Viewer;
  withheldSites: readonly string[];
}

/** Where the previous page of a list ended (see `LikesCursor`). */
export interface ListAfter {
  t: number;
  id: string;
}

/** A profile the viewer may like: visible to them, with the account that learns of it and its site. */
export async function visibleTarget(
  db: Db,
  scope: Scope,
  profileId: string,
): Promise<{ id: string; member_id: string | null; site_id: string | null } | undefined> {
  return visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites)
    .where('p.id', '=', profileId)
    .select(['p.id', 'p.member_id', 'p.site_id'])
    .executeTakeFirst();
}

/** The likes a member gave in their current day (see migration 0023). */
export interface LikeDayCount {
  likes: number;
  swipeLikes: number;
}

/**
 * Counts into the member's day and answers its counts after this call: `likes` and `swipe`
 * are what to add (0 reads). The day of the row holds while it has not ended before `day`
 * began: a time zone moved east keeps it (ending at the later of the two midnights), so only
 * a day that is over gives way to a new one. One statement, and the row it writes stays locked
 * until the caller's transaction ends, so parallel likes are counted one after another.
 */
export async function countIntoDay(
  db: Db,
  network: string,
  profileId: string,
  day: { start: number; end: number },
  add: { likes: number; swipe: number },
): Promise<LikeDayCount> {
  const current = sql<boolean>`like_days.day_ends_at > ${day.start}`;
  const row = await db
    .insertInto('like_days')
    .values({
      profile_id: profileId,
      network_id: network,
      day_ends_at: day.end,
      likes: add.likes,
      swipe_likes: add.swipe,
    })
    .onConflict((conflict) =>
      conflict.column('profile_id').doUpdateSet({
        likes: sql<number>`case when ${current} then like_days.likes + ${add.likes} else ${add.likes} end`,
        swipe_likes: sql<number>`case when ${current} then like_days.swipe_likes + ${add.swipe} else ${add.swipe} end`,
        day_ends_at: sql<number>`case when ${current} and like_days.day_ends_at > ${day.end} then like_days.day_ends_at else ${day.end} end`,
      }),
    )
    .returning(['likes', 'swipe_likes'])
    .executeTakeFirstOrThrow();
  return { likes: Number(row.likes), swipeLikes: Number(row.swipe_likes) };
}

/* Asked on every swipe page and every like: compiled once (src/db/compiled.ts). */
const dayCountQuery = compiledOnce(
  ['network', 'profileId'],
  (db, v: { network: string; profileId: string }) =>
    selectInNetwork(db, 'like_days', v.network, { profile_id: v.profileId }).select([
      'likes',
      'swipe_likes',
      'day_ends_at',
    ]),
);

/** The member's counts in the day that began at `dayStart` (zero when their row's day is over). */
export async function dayCount(
  db: Db,
  network: string,
  profileId: string,
  dayStart: number,
): Promise<LikeDayCount> {
  const row = await dayCountQuery.executeTakeFirst(db, { network, profileId });
  if (!row || Number(row.day_ends_at) <= dayStart) return { likes: 0, swipeLikes: 0 };
  return { likes: Number(row.likes), swipeLikes: Number(row.swipe_likes) };
}

/** Runs the insert of a pair's row unless the pair has one already; answers whether it inserted. */
async function insertedOnce<T extends 'likes' | 'like_notices'>(
  insert: InsertQueryBuilder<Database, T, InsertResult>,
): Promise<boolean> {
  const result = await insert
    .onConflict((conflict) => conflict.columns(['liker_profile_id', 'liked_profile_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Remembers that the liked member was told of this like; false when they were told before
 * (a like taken back and given again tells nobody twice).
 */
export async function noteLikeTold(
  db: Db,
  network: string,
  likerId: string,
  likedId: string,
  now: number,
): Promise<boolean> {
  return insertedOnce(
    db
      .insertInto('like_notices')
      .values({ liker_profile_id: likerId, liked_profile_id: likedId, network_id: network, created_at: now }),
  );
}

/** Adds the like; answers false when it was there already (a like is a pair, once). */
export async function insertLike(
  db: Db,
  network: string,
  likerId: string,
  likedId: string,
  createdAt: number,
): Promise<boolean> {
  return insertedOnce(
    db.insertInto('likes').values({
      liker_profile_id: likerId,
      liked_profile_id: likedId,
      network_id: network,
      created_at: createdAt,
      seen_at: null,
    }),
  );
}

/** The like of `likerId` for `likedId`: a like is a pair. */
const pair = (likerId: string, likedId: string) => ({ liker_profile_id: likerId, liked_profile_id: likedId });

export async function deleteLike(db: Db, network: string, likerId: string, likedId: string): Promise<void> {
  await deleteInNetwork(db, 'likes', network, pair(likerId, likedId)).execute();
}

/* Asked on every profile view, both ways: compiled once (src/db/compiled.ts). */
const likeExistsQuery = compiledOnce<
  { network: string; likerId: string; likedId: string; now: number },
  { liker_profile_id: string }
>(['network', 'likerId', 'likedId', 'now'], (db, v) =>
  selectInNetwork(db, 'likes', v.network, pair(v.likerId, v.likedId))
    .select('liker_profile_id')
    .where('created_at', '<=', v.now),
);

/** Whether `likerId` likes `likedId` as of `now`. */
export async function likeExists(
  db: Db,
  network: string,
  likerId: string,
  likedId: string,
  now: number,
): Promise<boolean> {
  const row = await likeExistsQuery.executeTakeFirst(db, { network, likerId, likedId, now });
  return row !== undefined;
}

/**
 * The like of `liker` for `liked` made by `now`, as a subquery for `exists` (a column of a
 * statement that reads more: the profile view asks both ways in the statement that finds the
 * profile).
 */
export function likeOf(
  db: Db,
  network: string,
  liker: Expression<string>,
  liked: Expression<string>,
  now: number,
) {
  return db
    .selectFrom('likes as lo')
    .select(sql.lit(1).as('one'))
    .where('lo.network_id', '=', network)
    .where('lo.liker_profile_id', '=', liker)
    .where('lo.liked_profile_id', '=', liked)
    .where('lo.created_at', '<=', now);
}

/** Clears the new flag of the likes of `likerId` for `likedId`. */
export async function markSeen(
  db: Db,
  network: string,
  likerId: string,
  likedId: string,
  now: number,
): Promise<void> {
  await markSeenQuery.executeResult(db, { network, likerId, likedId, now });
}

/* Run on every profile view of a member who liked the viewer: compiled once. */
const markSeenQuery = compiledOnce(
  ['network', 'likerId', 'likedId', 'now'],
  (db, v: { network: string; likerId: string; likedId: string; now: number }) =>
    updateInNetwork(db, 'likes', v.network, pair(v.likerId, v.likedId))
      .set({ seen_at: v.now })
      .where('seen_at', 'is', null)
      .where('created_at', '<=', v.now),
);

/* Rows of `visibleProfiles` are cards: its filters leave out erased shells (gender ''). */
export type LikedRow = CardRow & { liked_at: number };
/** `liked_back`: whether the viewer likes the liker too (SQLite answers 0 or 1, PostgreSQL a boolean). */
export type LikedByRow = CardRow & { liked_at: number; seen_at: number | null; liked_back: number | boolean };

/*
 * The lists page by a keyset: the like's time, then the other profile's id, both descending (a
 * stable order however many likes share a millisecond); `after` is where the previous page ended,
 * a row value comparison both dialects answer from the likes' time indexes (migration 0020).
 * Every page starts from `visibleProfiles` again, so a block or a hidden profile leaves the
 * later pages as it leaves the first.
 */

/*
 * Every member's likes page reads the three lists: built and compiled once per shape of the
 * input (with or without a cursor, the number of withheld sites) and run with each member's
 * values (src/db/compiled.ts). Building `visibleProfiles` and its joins anew took longer than
 * SQLite took to answer them. The SQL is the same as built per call.
 */
interface ListInput {
  scope: Scope;
  now: number;
  after: ListAfter | undefined;
  limit: number;
}

/** The visible profiles the viewer liked, newest like first (`now` is not read). */
function likedList(db: Kysely<Database>, { scope, after, limit }: ListInput) {
  let query = visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites).innerJoin(
    'likes as l',
    (join) =>
      join.onRef('l.liked_profile_id', '=', 'p.id').on('l.liker_profile_id', '=', scope.viewer.profileId),
  );
  if (after)
    query = query.where(sql<boolean>`(l.created_at, l.liked_profile_id) < (${after.t}, ${after.id})`);
  return query
    .select([...CARD_COLUMNS, 'l.created_at as liked_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.liked_profile_id', 'desc')
    .limit(limit);
}

/** The visible profiles that like the viewer as of `now`, newest like first. */
function likedByList(db: Kysely<Database>, { scope, now, after, limit }: ListInput) {
  let query = visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites)
    .innerJoin('likes as l', (join) =>
      join.onRef('l.liker_profile_id', '=', 'p.id').on('l.liked_profile_id', '=', scope.viewer.profileId),
    )
    .where('l.created_at', '<=', now);
  if (after)
    query = query.where(sql<boolean>`(l.created_at, l.liker_profile_id) < (${after.t}, ${after.id})`);
  return query
    .select([
      ...CARD_COLUMNS,
      'l.created_at as liked_at',
      'l.seen_at',
      // Whether the viewer liked the liker back: read per card, not from the first page of the
      // viewer's own likes, which need not reach back to that like.
      sql<boolean>`exists (select 1 from likes as back where back.network_id = ${scope.network} and back.liker_profile_id = ${scope.viewer.profileId} and back.liked_profile_id = p.id and back.created_at <= ${now})`.as(
        'liked_back',
      ),
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.liker_profile_id', 'desc')
    .limit(limit);
}

/** Mutual likes as of `now`, the most recent match (the later of the two likes) first. */
function matchesList(db: Kysely<Database>, { scope, now, after, limit }: ListInput) {
  const me = scope.viewer.profileId;
  // A match happened when the later of the two likes was made.
  const matchedAt = sql<number>`case when mine.created_at > theirs.created_at then mine.created_at else theirs.created_at end`;
  let query = visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites)
    .innerJoin('likes as mine', (join) =>
      join.onRef('mine.liked_profile_id', '=', 'p.id').on('mine.liker_profile_id', '=', me),
    )
    .innerJoin('likes as theirs', (join) =>
      join.onRef('theirs.liker_profile_id', '=', 'p.id').on('theirs.liked_profile_id', '=', me),
    )
    .where('theirs.created_at', '<=', now);
  if (after) query = query.where(sql<boolean>`(${matchedAt}, p.id) < (${after.t}, ${after.id})`);
  return query
    .select([...CARD_COLUMNS, matchedAt.as('liked_at')])
    .orderBy('liked_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);
}

const likedQuery = compiledPerShape(
  (db, input: ListInput) => likedList(db, input) as unknown as Compilable<LikedRow>,
);
const likedByQuery = compiledPerShape(
  (db, input: ListInput) => likedByList(db, input) as unknown as Compilable<LikedByRow>,
);
const matchesQuery = compiledPerShape(
  (db, input: ListInput) => matchesList(db, input) as unknown as Compilable<LikedRow>,
);

/** The visible profiles the viewer liked, newest like first. */
export async function listLiked(
  db: Db,
  scope: Scope,
  after: ListAfter | undefined,
  limit: number,
): Promise<LikedRow[]> {
  // `now` is not read by this list: a constant keeps it out of the values.
  return likedQuery.execute(db, { scope, now: 0, after, limit });
}

/** The visible profiles that like the viewer as of `now`, newest like first. */
export async function listLikedBy(
  db: Db,
  scope: Scope,
  now: number,
  after: ListAfter | undefined,
  limit: number,
): Promise<LikedByRow[]> {
  return likedByQuery.execute(db, { scope, now, after, limit });
}

/** Mutual likes as of `now`, the most recent match (the later of the two likes) first. */
export async function listMatches(
  db: Db,
  scope: Scope,
  now: number,
  after: ListAfter | undefined,
  limit: number,
): Promise<LikedRow[]> {
  return matchesQuery.execute(db, { scope, now, after, limit });
}

/** Which list a row of `listFirstPages` belongs to. */
const LIST_OF_BRANCH = ['profiles', 'liked_by', 'matches'] as const;

/*
 * The likes page and `GET /api/likes.php` without a list read the first page of all three:
 * one statement of the three lists side by side (each its own page, as its own query reads it)
 * instead of three, since each statement costs a member request more than its SQL. A row
 * carries its list's number; the liked-by columns are null in the other two.
 */
const firstPagesQuery = compiledPerShape((db, input: ListInput) => {
  // A union matches its branches' columns by place: every branch names them in this order.
  const cardNames = CARD_COLUMNS.map((column) => column.slice(column.indexOf('.') + 1));
  const branch = (
    list: number,
    query: ReturnType<typeof likedList | typeof likedByList | typeof matchesList>,
    likedBy: boolean,
  ) =>
    // Typed as the liked-by list (the widest): the columns are named below, and so are typed.
    db
      .selectFrom((query as ReturnType<typeof likedByList>).as(`list${list}`))
      .select([
        ...cardNames.map((name) => sql.ref(name).as(name)),
        sql.ref('liked_at').as('liked_at'),
        (likedBy ? sql.ref('seen_at') : sql`null`).as('seen_at'),
        (likedBy ? sql.ref('liked_back') : sql`null`).as('liked_back'),
        sql.lit(list).as('list'),
      ]);
  return branch(0, likedList(db, input), false)
    .unionAll(branch(1, likedByList(db, input), true))
    .unionAll(branch(2, matchesList(db, input), false))
    .orderBy(sql.ref('list'))
    .orderBy(sql.ref('liked_at'), 'desc')
    .orderBy(sql.ref('id'), 'desc') as unknown as Compilable<LikedByRow & { list: number }>;
});

/** The first page (up to `limit` rows) of each of the three lists, as their own reads read them. */
export async function listFirstPages(
  db: Db,
  scope: Scope,
  now: number,
  limit: number,
): Promise<{ profiles: LikedRow[]; liked_by: LikedByRow[]; matches: LikedRow[] }> {
  const pages = { profiles: [] as LikedByRow[], liked_by: [] as LikedByRow[], matches: [] as LikedByRow[] };
  for (const row of await firstPagesQuery.execute(db, { scope, now, after: undefined, limit }))
    pages[LIST_OF_BRANCH[Number(row.list)]!].push(row);
  return pages;
}

/** The newest like the viewer has not seen yet, from a profile they may see. */
export async function newestUnseen(db: Db, scope: Scope, now: number): Promise<CardRow | undefined> {
  return visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites)
    .innerJoin('likes as l', (join) =>
      join.onRef('l.liker_profile_id', '=', 'p.id').on('l.liked_profile_id', '=', scope.viewer.profileId),
    )
    .where('l.created_at', '<=', now)
    .where('l.seen_at', 'is', null)
    .select([...CARD_COLUMNS])
    .orderBy('l.created_at', 'desc')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst() as Promise<CardRow | undefined>;
}

/** The profile of an account, if it has one. */
export const profileOfMember = (db: Db, network: string, memberId: string) =>
  valueInNetwork(db, 'profiles', network, { member_id: memberId }, 'id');

/**
 * Up to `count` operator-run fictional profiles the new member may see in the site's niche
 * (`audience`), in random order, that do not like them yet.
 */
export async function fictionalWelcomers(
  db: Db,
  scope: Scope,
  audience: Parameters<typeof visibleProfiles>[4],
  count: number,
): Promise<string[]> {
  const rows = await visibleProfiles(db, scope.network, scope.viewer, scope.withheldSites, audience)
    .where('p.fictional', '=', 1)
    .where('p.member_id', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('likes as l')
            .select('l.liker_profile_id')
            .whereRef('l.liker_profile_id', '=', 'p.id')
            .where('l.liked_profile_id', '=', scope.viewer.profileId),
        ),
      ),
    )
    .select('p.id')
    .orderBy(sql`random()`)
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Erasure: every like the profile gave or received (either side is the member's choice or about
 * them), the notices of them, and the member's day of likes.
 */
export async function eraseLikes(db: Db, network: string, profileId: string): Promise<void> {
  for (const table of ['likes', 'like_notices'] as const)
    await deleteInNetworkNaming(
      db,
      table,
      network,
      ['liker_profile_id', 'liked_profile_id'],
      profileId,
    ).execute();
  await deleteInNetwork(db, 'like_days', network, { profile_id: profileId }).execute();
}
