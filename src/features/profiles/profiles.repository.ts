import {
  sql,
  type Expression,
  type Compilable,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type ReferenceExpression,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type {
  Database,
  Gender,
  PhotoStatus,
  ProfilesTable,
  ProfileStatus,
  Seeking,
} from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { existsInNetwork, selectInNetwork, updateInNetwork, valueInNetwork } from '../../db/query-network.ts';
import { BLANK_PROFILE_DETAILS } from './profiles.blank-details.ts';
import { updatedOne } from '../../db/updated-one.ts';

export interface AudienceFilter {
  genders: readonly Gender[];
  /** The profile must seek one of these (a profile seeking `both` seeks either). */
  seeking: readonly Gender[];
  /** Born on or before this date (YYYY-MM-DD): the youngest age. */
  bornOnOrBefore: string;
  /** Born after this date: the oldest age. */
  bornAfter: string;
  bodyTypes: readonly string[];
  /** Sites of the network whose members may not be shown here (`member_resell: false`). */
  withheldSites: readonly string[];
}

export interface ShowcaseOptions {
  /** Only profiles active at or after this moment (epoch ms). */
  activeSince?: number | undefined;
  /** Only profiles of real members: no operator-run ones (for media that cannot carry a label). */
  realOnly?: boolean | undefined;
}

/** A card (see CardRow) whose main photo is always there, and its text and photo's status. */
export interface ShowcaseRow extends Omit<CardRow, 'filename' | 'thumb_filename' | 'match_filename'> {
  filename: string;
  thumb_filename: string;
  match_filename: string;
  /** The moderation status of the main photo. */
  main_image_status: PhotoStatus;
  /** The member's own words ("about me"). */
  text: string | null;
}

/**
 * The niche's audience as a condition on profiles `p`: the genders, who they seek (a profile
 * seeking `both` seeks either), the age range as a birthdate range, and the body types if any.
 */
function inAudience(
  eb: ExpressionBuilder<Database & { p: ProfilesTable }, 'p'>,
  audience: Omit<AudienceFilter, 'withheldSites'>,
) {
  const conditions = [
    eb('p.gender', 'in', [...audience.genders]),
    eb('p.seeking', 'in', [...audience.seeking, 'both' as const]),
    eb('p.birthdate', '<=', audience.bornOnOrBefore),
    eb('p.birthdate', '>', audience.bornAfter),
  ];
  if (audience.bodyTypes.length) conditions.push(eb('p.body_type', 'in', [...audience.bodyTypes]));
  return eb.and(conditions);
}

/**
 * The network's profiles that are active: a member's profile is active exactly while the account
 * is (the accounts feature moves both), and not held back for a moderator's review (reported as
 * underage). Both the public and the member-area rule start here, so the hold holds everywhere.
 */
function activeProfiles(db: Kysely<Database>, networkId: string) {
  return db
    .selectFrom('profiles as p')
    .where('p.network_id', '=', networkId)
    .where('p.status', '=', 'active')
    .where('p.hidden_pending_review', '=', 0);
}

/**
 * Operator profiles (no site) are shared network-wide; a member's stays on its own site when
 * that site does not resell its members.
 */
function notWithheld(
  eb: ExpressionBuilder<Database & { p: ProfilesTable }, 'p'>,
  withheldSites: readonly string[],
) {
  return eb.or([eb('p.site_id', 'is', null), eb('p.site_id', 'not in', [...withheldSites])]);
}

/**
 * The one definition of a profile a public page may show: of the network, active, consented to
 * public pages (or operator-run and so labelled), never invisible or private, within the niche's
 * audience, not of a sister brand that keeps its members to itself, with an active main photo. Every public read starts here, so no list can drift.
 */
export function publicProfiles(
  db: Kysely<Database>,
  networkId: string,
  audience: AudienceFilter,
  options: ShowcaseOptions = {},
) {
  let query = activeProfiles(db, networkId)
    .innerJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    // Listed for everyone (not invisible, not private).
    .where('p.listing', '=', 'public')
    .where((eb) => inAudience(eb, audience))
    .where((eb) => eb.or([eb('p.public_consent', '=', 1), eb('p.fictional', '=', 1)]));
  if (audience.withheldSites.length) query = query.where((eb) => notWithheld(eb, audience.withheldSites));
  if (options.activeSince !== undefined) query = query.where('p.last_active_at', '>=', options.activeSince);
  if (options.realOnly) query = query.where('p.fictional', '=', 0);
  return query;
}

/** The columns of a card as `visibleProfiles` reads them; the photo is null without an active main photo. */
export const CARD_COLUMNS = [
  'p.id',
  'p.name',
  'p.birthdate',
  'p.gender',
  'p.country',
  'p.region',
  'p.city',
  'p.fictional',
  'p.last_active_at',
  'ph.filename',
  'ph.thumb_filename',
  'ph.match_filename',
] as const;

const SHOWCASE_COLUMNS = [...CARD_COLUMNS, 'ph.status as main_image_status', 'p.text'] as const;

/** Public profiles, most recently active first. */
export async function listShowcase(
  db: Kysely<Database>,
  networkId: string,
  audience: AudienceFilter,
  limit: number,
  options: ShowcaseOptions = {},
): Promise<ShowcaseRow[]> {
  return publicProfiles(db, networkId, audience, options)
    .select([...SHOWCASE_COLUMNS])
    .orderBy('p.last_active_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute() as Promise<ShowcaseRow[]>;
}

/** How many public profiles there are (optionally only recently active ones). */
export async function countShowcase(
  db: Kysely<Database>,
  networkId: string,
  audience: AudienceFilter,
  options: ShowcaseOptions = {},
): Promise<number> {
  const row = await publicProfiles(db, networkId, audience, options)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Public profiles counted per country and region, largest first. */
export async function countShowcaseByRegion(
  db: Kysely<Database>,
  networkId: string,
  audience: AudienceFilter,
): Promise<Array<{ country: string; region: string | null; count: number }>> {
  const rows = await publicProfiles(db, networkId, audience)
    .select((eb) => ['p.country', 'p.region', eb.fn.countAll<number | string | bigint>().as('n')])
    .groupBy(['p.country', 'p.region'])
    .execute();
  return rows
    .map((r) => ({ country: r.country, region: r.region, count: Number(r.n) }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.country.localeCompare(b.country) ||
        (a.region ?? '').localeCompare(b.region ?? ''),
    );
}

/** One public profile by its public id, or undefined when a public page may not show it. */
export async function findPublicProfile(
  db: Kysely<Database>,
  networkId: string,
  audience: AudienceFilter,
  profileId: string,
): Promise<ShowcaseRow | undefined> {
  return publicProfiles(db, networkId, audience)
    .where('p.id', '=', profileId)
    .select([...SHOWCASE_COLUMNS])
    .executeTakeFirst() as Promise<ShowcaseRow | undefined>;
}

/** What a new profile is made with, a member's or an operator-run one; its details start empty. */
export interface NewProfile {
  id: string;
  siteId: string;
  name: string;
  gender: Gender;
  seeking: Seeking;
  birthdate: string;
  country: string;
  createdAt: number;
}

/** What signup knows of a new member's profile; everything else starts empty. */
export interface NewMemberProfile extends NewProfile {
  memberId: string;
  status: ProfileStatus;
}

/** The row of a new profile: whose it is (null: run by the operator) and whether it shows yet. */
export function newProfileRow(
  network: string,
  profile: NewProfile,
  owner: { memberId: string | null; status: ProfileStatus },
) {
  return {
    id: profile.id,
    member_id: owner.memberId,
    network_id: network,
    site_id: profile.siteId,
    name: profile.name,
    gender: profile.gender,
    seeking: profile.seeking,
    birthdate: profile.birthdate,
    country: profile.country,
    status: owner.status,
    ...BLANK_PROFILE_DETAILS,
    main_photo_id: null,
    last_active_at: profile.createdAt,
    created_at: profile.createdAt,
    updated_at: profile.createdAt,
  } satisfies Insertable<ProfilesTable>;
}

export async function insertMemberProfile(
  db: Kysely<Database> | Transaction<Database>,
  network: string,
  profile: NewMemberProfile,
): Promise<void> {
  await db
    .insertInto('profiles')
    .values(newProfileRow(network, profile, profile))
    .execute();
}

/** Whether a profile exists in the network. */
export async function profileInNetwork(
  db: Kysely<Database> | Transaction<Database>,
  network: string,
  profileId: string,
): Promise<boolean> {
  return existsInNetwork(db, 'profiles', network, { id: profileId });
}

/**
 * Who is looking at profiles inside the member area. Search, profile view, likes and the swipe
 * deck all start from `visibleProfiles`, so a rule (blocks, invisible, private, niche, sister
 * brands) is written once and holds on every surface.
 */
export interface Viewer {
  /** The viewer's own profile id. */
  profileId: string;
}

/**
 * Profiles a member may see: of the network, active (a confirmed, not deleted account, or an
 * operator profile), not the viewer, not of a sister brand that withholds its members, never
 * invisible, private only towards those the profile liked or wrote to, and no block either way.
 * `audience` narrows to the site's niche (lists); a single profile opened by id skips it, since
 * a like or a message may come from outside the niche's default filter.
 *
 * `pastBlocks` leaves the blocks out of the rule and nothing else: what the viewer would see
 * were there no block. A block tells only about profiles that pass it (the blocked list, the
 * "you're blocked" notice), so a block never shows what the modes and the network hide.
 */
export function visibleProfiles(
  db: Kysely<Database>,
  networkId: string,
  viewer: Viewer,
  withheldSites: readonly string[],
  audience?: Omit<AudienceFilter, 'withheldSites'>,
  options: { pastBlocks?: boolean } = {},
) {
  // The listed profile and the viewer, for the rows that link them whoever started it.
  const withViewer = [sql.ref<string>('p.id'), sql.val(viewer.profileId)] as const;
  let query = activeProfiles(db, networkId)
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    .where('p.id', '!=', viewer.profileId)
    .where((eb) =>
      eb.or([
        eb('p.listing', '=', 'public'),
        eb.and([
          eb('p.listing', '=', 'private'),
          eb.or([
            eb.exists(
              eb
                .selectFrom('likes as pl')
                .select('pl.liker_profile_id')
                .whereRef('pl.liker_profile_id', '=', 'p.id')
                .where('pl.liked_profile_id', '=', viewer.profileId),
            ),
            eb.exists(
              eb
                .selectFrom('conversations as pc')
                .select('pc.id')
                .where((c) => eitherWay(c, ['pc.profile_a_id', 'pc.profile_b_id'], withViewer))
                .where('pc.last_message_id', 'is not', null),
            ),
          ]),
        ]),
      ]),
    );
  if (!options.pastBlocks)
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select('b.blocker_profile_id')
            .where((c) => eitherWay(c, ['b.blocker_profile_id', 'b.blocked_profile_id'], withViewer)),
        ),
      ),
    );
  if (withheldSites.length) query = query.where((eb) => notWithheld(eb, withheldSites));
  if (audience) query = query.where((eb) => inAudience(eb, audience));
  return query;
}

/**
 * The cards of the profiles whose ids `ids` selects (a query that applied a list's rule, such as
 * `visibleProfiles`, and its order and limit to the ids alone), most recently active first, each
 * with its active main photo as `visibleProfiles` joins it.
 */
export function cardsOfIds<DB, TB extends keyof DB>(
  db: Kysely<Database>,
  ids: SelectQueryBuilder<DB, TB, { id: string }>,
) {
  return db
    .selectFrom('profiles as p')
    .leftJoin('photos as ph', (join) =>
      join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'),
    )
    .select([...CARD_COLUMNS])
    .where('p.id', 'in', ids)
    .orderBy('p.last_active_at', 'desc')
    .orderBy('p.id', 'desc');
}

/** How every query that starts from `visibleProfiles` names the profiles it reads. */
const PROFILES_FROM = 'from "profiles" as "p"';

/**
 * `query`, which starts from `visibleProfiles`, told to read the profiles through `index`
 * (SQLite's `INDEXED BY`); `what` names it in the error. SQLite costs a plan by its statistics
 * without the LIMIT: a list of the most recently active that walks an activity index in order
 * stops after its page, where the plan it would choose reads every match and sorts them.
 */
export function walkingIndex<R>(query: Compilable<R>, index: string, what: string): Compilable<R> {
  return {
    compile() {
      const compiled = query.compile();
      if (!compiled.sql.includes(PROFILES_FROM)) throw new Error(`${what} reads no profiles`);
      return {
        ...compiled,
        sql: compiled.sql.replace(PROFILES_FROM, `${PROFILES_FROM} indexed by "${index}"`),
      };
    },
  };
}

/**
 * The two columns hold the pair `[one, other]` in either order: a conversation or a block
 * between two profiles, whichever of them started it.
 */
function eitherWay<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  [first, second]: readonly [ReferenceExpression<DB, TB>, ReferenceExpression<DB, TB>],
  [one, other]: readonly [Expression<string>, Expression<string>],
) {
  return eb.or([
    eb.and([eb(first, '=', one), eb(second, '=', other)]),
    eb.and([eb(first, '=', other), eb(second, '=', one)]),
  ]);
}

/** A profile's card: `CARD_COLUMNS`, the photo's files null without an active main photo. */
export interface CardRow {
  id: string;
  name: string;
  birthdate: string;
  gender: Gender;
  country: string;
  region: string | null;
  city: string | null;
  fictional: 0 | 1;
  last_active_at: number | null;
  filename: string | null;
  thumb_filename: string | null;
  match_filename: string | null;
}

/**
 * The block of `blocker` on `blocked`, as a subquery for `exists` (a column of a statement that
 * reads more: the profile view asks both ways in the statement that finds the profile).
 */
export function blockOf(
  db: Kysely<Database>,
  network: string,
  blocker: Expression<string>,
  blocked: Expression<string>,
) {
  return db
    .selectFrom('blocks as bo')
    .select(sql.lit(1).as('one'))
    .where('bo.network_id', '=', network)
    .where('bo.blocker_profile_id', '=', blocker)
    .where('bo.blocked_profile_id', '=', blocked);
}

/* Asked on every profile view and conversation: compiled once (src/db/compiled.ts). */
const blockBetweenQuery = compiledOnce<
  { network: string; viewer: string; other: string },
  { blocker_profile_id: string }
>(['network', 'viewer', 'other'], (db, v) =>
  db
    .selectFrom('blocks')
    .select(['blocker_profile_id'])
    .where('network_id', '=', v.network)
    .where((eb) =>
      eitherWay(eb, ['blocker_profile_id', 'blocked_profile_id'], [sql.val(v.viewer), sql.val(v.other)]),
    ),
);

/** Whether either profile blocks the other, and which way (`by_them`: the other blocked the viewer). */
export async function blockBetween(
  db: Kysely<Database>,
  networkId: string,
  viewerProfileId: string,
  otherProfileId: string,
): Promise<{ byViewer: boolean; byThem: boolean }> {
  const rows = await blockBetweenQuery.execute(db, {
    network: networkId,
    viewer: viewerProfileId,
    other: otherProfileId,
  });
  return {
    byViewer: rows.some((r) => r.blocker_profile_id === viewerProfileId),
    byThem: rows.some((r) => r.blocker_profile_id === otherProfileId),
  };
}

/**
 * The name of a profile the viewer would see were there no block between them (see
 * `visibleProfiles`), or undefined: what a refusal for a block may name.
 */
export async function nameSeenPastBlocks(
  db: Kysely<Database>,
  networkId: string,
  viewer: Viewer,
  withheldSites: readonly string[],
  profileId: string,
): Promise<string | undefined> {
  const row = await visibleProfiles(db, networkId, viewer, withheldSites, undefined, { pastBlocks: true })
    .where('p.id', '=', profileId)
    .select('p.name')
    .executeTakeFirst();
  return row?.name;
}

/** The site a profile of the network signed up on (null: an operator profile; undefined: none such). */
export async function profileSite(
  db: Kysely<Database>,
  networkId: string,
  profileId: string,
): Promise<string | null | undefined> {
  return valueInNetwork(db, 'profiles', networkId, { id: profileId }, 'site_id');
}

/**
 * A profile's name in the network, what a blocked member is told ("You're blocked by {name}");
 * `activeOnly` answers undefined for a profile that is not shown at present.
 */
export async function profileName(
  db: Kysely<Database> | Transaction<Database>,
  network: string,
  profileId: string,
  options: { activeOnly?: boolean } = {},
): Promise<string | undefined> {
  let query = selectInNetwork(db, 'profiles', network, { id: profileId }).select('name');
  if (options.activeOnly) query = query.where('status', '=', 'active');
  return (await query.executeTakeFirst())?.name;
}

/**
 * Holds a profile back from every member-facing and public read until a moderator decides, or
 * lets it back (`hidden` false). Answers whether the profile is of the network.
 */
export async function holdForReview(
  db: Kysely<Database> | Transaction<Database>,
  network: string,
  profileId: string,
  hidden: boolean,
): Promise<boolean> {
  return updatedOne(
    updateInNetwork(db, 'profiles', network, { id: profileId }).set({
      hidden_pending_review: hidden ? 1 : 0,
    }),
  );
}

/** A profile as a moderator reads it, whatever its modes, with every photo of it. */
export async function profileForModeration(
  db: Kysely<Database>,
  network: string,
  profileId: string,
): Promise<
  | {
      id: string;
      member_id: string | null;
      site_id: string | null;
      name: string;
      birthdate: string;
      gender: string;
      city: string | null;
      country: string;
      text: string | null;
      fictional: 0 | 1;
      status: ProfileStatus;
      hidden_pending_review: 0 | 1;
      photos: Array<{ id: string; filename: string; status: PhotoStatus; main: boolean }>;
    }
  | undefined
> {
  const profile = await selectInNetwork(db, 'profiles', network, { id: profileId })
    .select([
      'id',
      'member_id',
      'site_id',
      'name',
      'birthdate',
      'gender',
      'city',
      'country',
      'text',
      'fictional',
      'status',
      'hidden_pending_review',
      'main_photo_id',
    ])
    .executeTakeFirst();
  if (!profile) return undefined;
  const photos = await selectInNetwork(db, 'photos', network, { profile_id: profileId })
    .select(['id', 'filename', 'status'])
    .orderBy('position')
    .execute();
  const { main_photo_id: mainId, ...rest } = profile;
  return { ...rest, photos: photos.map((p) => ({ ...p, main: p.id === mainId })) };
}

/** The storage key of a photo of the network, for a route that has checked its viewer. */
export async function photoFileOf(
  db: Kysely<Database>,
  network: string,
  photoId: string,
): Promise<string | undefined> {
  return valueInNetwork(db, 'photos', network, { id: photoId }, 'filename');
}
