import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Kysely, Transaction } from 'kysely';
import type { TenantRegistry } from '../../tenancy/registry.ts';
import type { Database, NewRow, TableName } from '../database.ts';
import { newId } from '../ids.ts';
import { seedDiscountCodes } from './discounts.ts';
import {
  PHOTO_VARIANTS,
  type PhotoVariant,
  avatarKey,
  cachePaths,
  eachLimited,
  placeFile,
  renderToCache,
} from './avatars.ts';
import { planConversations } from './conversations.ts';
import { type PlannedMember, loadPlanData, planMembers } from './people.ts';
import { Random, deriveSeed } from './random.ts';
import { planTraffic } from './traffic.ts';

/*
 * The demo seed: a few thousand plausible members spread over the configured sites, so a fresh
 * install has people to search, like and chat with on every brand from the first start.
 *
 * Demo accounts can be logged into with one documented password (DEMO_PASSWORD, in the README),
 * so anyone trying the product can be a member with photos, likes and matches at once. The
 * password exists only here: the seed runs for demo data (`./dev start` on an empty database,
 * `scripts/db.ts seed`), never in a production path. Their e-mail addresses are
 * `demo+<site>-<n>@example.invalid` (the reserved .invalid top-level domain, so no mail to them
 * can reach anyone; `<n>` counts a site's demo accounts from 1).
 */

export interface SeedOptions {
  db: Kysely<Database>;
  registry: TenantRegistry;
  /** Avatars go to `<dataDir>/uploads`, the render cache to `<dataDir>/cache/avatars`. */
  dataDir: string;
  /** Profiles to create, operator-run ones included. */
  size: number;
  /** Same seed, same people (names, ages, places, interests, faces). Default 1. */
  seed?: number;
  /** The clock: birthdates and activity are relative to it. */
  now: number;
  log?: (line: string) => void;
  /** Avatars drawn at once; the default suits the two cores the server is sized for. */
  concurrency?: number;
}

export interface SeedResult {
  /** Profiles created, operator-run ones included. */
  members: number;
  /** Of those, operator-run (`fictional`) profiles. */
  fictional: number;
}

/** The one password of every demo account (README "Run the product"). Demo data only. */
export const DEMO_PASSWORD = 'demo-password-2026';

/**
 * argon2id with the parameters of accounts' password hashing, so a demo login verifies like any
 * other. Hashed once per seeding run and shared by every demo account (one hash, not thousands).
 */
async function demoPasswordHash(): Promise<string> {
  return hash(DEMO_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/** The address of a site's `n`-th demo account (from 1): guessable on purpose, and undeliverable. */
export function demoEmail(siteId: string, n: number): string {
  return `demo+${siteId}-${n}@example.invalid`;
}

/** How many demo accounts each site has already (a seed with --force numbers on from there). */
async function demoAccountsPerSite(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('members')
    .select((eb) => ['site_id', eb.fn.countAll<number | string | bigint>().as('n')])
    .where('email', 'like', 'demo+%@example.invalid')
    .groupBy('site_id')
    .execute();
  return new Map(rows.map((r) => [r.site_id, Number(r.n)]));
}

/**
 * Where a photo's file lives under the uploads root: per network, then spread over folders by
 * the id's first two characters so no folder grows to hundreds of thousands of files.
 */
export function photoPath(network: string, photoId: string, variant: PhotoVariant): string {
  return `${network}/${photoId.slice(0, 2)}/${photoId}-${variant}.webp`;
}

/** True when no account and no profile exists yet: the start command seeds only then. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const member = await db.selectFrom('members').select('id').limit(1).executeTakeFirst();
  if (member) return false;
  const profile = await db.selectFrom('profiles').select('id').limit(1).executeTakeFirst();
  return profile === undefined;
}

export async function seedDemo(opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const seed = opts.seed ?? 1;
  if (!Number.isInteger(opts.size) || opts.size < 0)
    throw new Error(`seed size must be a whole number, got ${opts.size}`);
  const sites = [...opts.registry.snapshot.sites.values()];
  if (sites.length === 0 || opts.size === 0) return { members: 0, fictional: 0 };

  let started = performance.now();
  const places = await loadPlanData(sites);
  const plan = planMembers({ sites, size: opts.size, seed, now: opts.now, places });
  const networks = [...new Set(sites.map((s) => s.network))].sort();
  log(
    `demo seed: ${plan.length} members for ${sites.length} sites in ${networks.length} networks (${networks.join(', ')}), seed ${seed}`,
  );

  started = performance.now();
  const cacheDir = join(opts.dataDir, 'cache', 'avatars');
  const specs = new Map(plan.flatMap((m) => m.photos.map((p) => [avatarKey(p.avatar), p.avatar] as const)));
  let drawn = 0;
  let done = 0;
  await eachLimited([...specs.values()], opts.concurrency ?? 2, async (spec) => {
    if (await renderToCache(spec, cacheDir)) drawn++;
    if (++done % 500 === 0) log(`avatars: ${done}/${specs.size}`);
  });
  log(`avatars: ${specs.size} (${drawn} drawn, ${specs.size - drawn} from cache) in ${seconds(started)}`);

  started = performance.now();
  const rows = buildRows(plan, opts.now, {
    passwordHash: await demoPasswordHash(),
    accountsBefore: await demoAccountsPerSite(opts.db),
  });
  rows.likes = planLikes(plan, rows.profileIds, seed, opts.now);
  const traffic = planTraffic(rows.members, seed);
  const chats = planConversations(plan, rows.profileIds, opts.now);
  const uploads = join(opts.dataDir, 'uploads');
  await eachLimited(rows.files, 16, async ({ key, variant, to }) => {
    await placeFile(cachePaths(cacheDir, key)[variant], join(uploads, to));
  });
  log(`photos: ${rows.photos.length} placed in ${uploads} in ${seconds(started)}`);

  started = performance.now();
  let codes: string[] = [];
  await opts.db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'members', rows.members);
    await insertChunked(trx, 'tracking_records', traffic);
    await insertChunked(trx, 'profiles', rows.profiles);
    await insertChunked(trx, 'photos', rows.photos);
    await insertChunked(trx, 'profile_interests', rows.interests);
    await insertChunked(trx, 'likes', rows.likes);
    await insertChunked(trx, 'conversations', chats.conversations);
    await insertChunked(trx, 'conversation_members', chats.members);
    await insertChunked(trx, 'messages', chats.messages);
    codes = await seedDiscountCodes(trx, sites, opts.now);
  });
  log(`discount codes: ${codes.join(', ')}`);
  log(
    `database: ${rows.members.length} accounts, ${rows.profiles.length} profiles, ${rows.photos.length} photos, ${rows.interests.length} interests, ${rows.likes.length} likes, ${chats.messages.length} messages, ${traffic.length} tracked arrivals in ${seconds(started)}`,
  );

  return { members: rows.profiles.length, fictional: plan.filter((m) => m.fictional).length };
}

interface Rows {
  members: NewRow<'members'>[];
  profiles: NewRow<'profiles'>[];
  photos: NewRow<'photos'>[];
  interests: NewRow<'profile_interests'>[];
  likes: NewRow<'likes'>[];
  files: Array<{ key: string; variant: PhotoVariant; to: string }>;
  /** The profile id of each planned member, by plan position. */
  profileIds: string[];
}

/**
 * Ids are fresh random ones like any other row's (the people are reproducible, their ids need
 * not be), so seeding again with --force adds members instead of colliding with the first run.
 */
function buildRows(
  plan: PlannedMember[],
  now: number,
  accounts: { passwordHash: string; accountsBefore: Map<string, number> },
): Rows {
  const rows: Rows = {
    members: [],
    profiles: [],
    photos: [],
    interests: [],
    likes: [],
    files: [],
    profileIds: [],
  };
  const numbered = new Map(accounts.accountsBefore);
  for (const m of plan) {
    const network = m.site.network;
    const memberId = m.fictional ? null : newId();
    const profileId = newId();
    rows.profileIds.push(profileId);
    if (memberId) {
      const n = (numbered.get(m.site.id) ?? 0) + 1;
      numbered.set(m.site.id, n);
      rows.members.push({
        id: memberId,
        network_id: network,
        site_id: m.site.id,
        email: demoEmail(m.site.id, n),
        password_hash: accounts.passwordHash,
        status: 'active',
        language: m.language,
        created_at: m.createdAt,
        confirmed_at: m.confirmedAt,
        deleted_at: null,
        deletion_reason: null,
        deletion_comment: null,
        reactivate_until: null,
        invisible: m.invisible ? 1 : 0,
        private: m.private ? 1 : 0,
        paid_user: 0,
        credits: 0,
        last_active_at: m.lastActiveAt,
        tracking_id: null,
        signup_country: m.country,
      });
    }
    const photoIds = m.photos.map(() => newId());
    rows.profiles.push({
      id: profileId,
      member_id: memberId,
      network_id: network,
      site_id: m.site.id,
      name: m.name,
      gender: m.gender,
      seeking: m.seeking,
      birthdate: m.birthdate,
      country: m.country,
      region: m.region,
      city: m.city,
      sexuality: m.sexuality,
      hair_color: m.hairColor,
      eye_color: m.eyeColor,
      body_type: m.bodyType,
      relationship_status: m.relationshipStatus,
      tattoos: m.tattoos,
      text: m.text,
      status: 'active',
      listing: m.invisible ? 'invisible' : m.private ? 'private' : 'public',
      fictional: m.fictional ? 1 : 0,
      public_consent: m.publicConsent ? 1 : 0,
      main_photo_id: photoIds[0] ?? null,
      last_active_at: m.lastActiveAt,
      created_at: m.createdAt,
      updated_at: Math.min(now, m.confirmedAt),
    });
    m.photos.forEach((photo, position) => {
      const id = photoIds[position]!;
      const key = avatarKey(photo.avatar);
      rows.photos.push({
        id,
        profile_id: profileId,
        network_id: network,
        filename: photoPath(network, id, 'main'),
        thumb_filename: photoPath(network, id, 'thumb'),
        match_filename: photoPath(network, id, 'match'),
        status: 'active',
        locked: photo.locked ? 1 : 0,
        position,
        created_at: Math.min(now, m.confirmedAt + position * 60_000),
        // The demo's pictures are the operator's own: nothing for the photo queue.
        reviewed_at: Math.min(now, m.confirmedAt + position * 60_000),
      });
      for (const variant of PHOTO_VARIANTS)
        rows.files.push({ key, variant, to: photoPath(network, id, variant) });
    });
    for (const interest of m.interests)
      rows.interests.push({ profile_id: profileId, network_id: network, interest });
  }
  return rows;
}

const MINUTE_MS = 60_000;

/** Whether `a` is someone `b` looks for (a profile seeking `both` seeks either gender). */
function sought(a: PlannedMember, b: PlannedMember): boolean {
  return b.seeking === 'both' || b.seeking === a.gender;
}

/**
 * Likes between demo members of one network, so likes, matches and the new-like badge have
 * something to show: each real member likes up to four compatible people (each seeks the
 * other's gender); about half of the liked real members like back (a match); about a third of
 * all likes are still unseen (`like_new`). Operator profiles give no likes here: likes from
 * them are a site's choice for new members, always labelled, and never part of the demo's
 * picture of real members. Drawn from the run's seed, so the same seed gives the same likes.
 */
function planLikes(
  plan: PlannedMember[],
  profileIds: string[],
  seed: number,
  now: number,
): NewRow<'likes'>[] {
  const likes = new Map<string, NewRow<'likes'>>();
  const byNetwork = new Map<string, number[]>();
  plan.forEach((m, i) => {
    const list = byNetwork.get(m.site.network) ?? [];
    list.push(i);
    byNetwork.set(m.site.network, list);
  });
  const add = (random: Random, from: number, to: number) => {
    const key = `${from}>${to}`;
    if (likes.has(key)) return;
    const liker = plan[from]!;
    const liked = plan[to]!;
    const since = Math.max(liker.confirmedAt, liked.confirmedAt);
    const createdAt = Math.min(now, since + random.int(1, 60 * 24 * 14) * MINUTE_MS);
    const seen = random.chance(0.65);
    likes.set(key, {
      liker_profile_id: profileIds[from]!,
      liked_profile_id: profileIds[to]!,
      network_id: liker.site.network,
      created_at: createdAt,
      seen_at: seen ? Math.min(now, createdAt + random.int(1, 600) * MINUTE_MS) : null,
    });
  };
  for (const members of byNetwork.values()) {
    for (const from of members) {
      const liker = plan[from]!;
      if (liker.fictional) continue;
      const random = new Random(deriveSeed(seed, 0x11ce, liker.index));
      const wanted = random.int(0, 4);
      for (let tries = 0, made = 0; made < wanted && tries < 40; tries++) {
        const to = random.pick(members);
        const target = plan[to]!;
        if (to === from || !sought(target, liker) || !sought(liker, target)) continue;
        add(random, from, to);
        made++;
        if (!target.fictional && random.chance(0.5)) add(random, to, from);
      }
    }
  }
  return [...likes.values()];
}

/*
 * Multi-row inserts, sized to stay well under both dialects' limits on bound parameters
 * (SQLite 32766, PostgreSQL 65535): a few dozen statements instead of thousands.
 */
const MAX_PARAMETERS = 15_000;

async function insertChunked<T extends TableName>(
  trx: Transaction<Database>,
  table: T,
  rows: NewRow<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const perChunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += perChunk) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + perChunk) as never)
      .execute();
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
