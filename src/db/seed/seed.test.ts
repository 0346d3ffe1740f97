import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { verify } from '@node-rs/argon2';
import { allCountries } from 'country-region-data';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestPostgresDatabase, withPostgresDatabase } from '../../../tests/support/postgres.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { TenantRegistry } from '../../tenancy/registry.ts';
import { createDatabase, type DatabaseHandle } from '../client.ts';
import { migrateToLatest } from '../migrate.ts';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './index.ts';
import { ageOn, birthdateFor, loadPlanData, planMembers } from './people.ts';
import { lookSentences } from './texts.ts';
import { planConversations } from './conversations.ts';
import { INTERESTS, MEETING_INTERESTS } from './vocabulary.ts';

const NOW = Date.UTC(2026, 2, 10, 15, 30, 0);
const SIZE = 40;
const SEED = 7;

let dir: string;
let registry: TenantRegistry;
let first: DatabaseHandle;
let second: DatabaseHandle;
const logs: string[][] = [[], []];
const results: Array<{ members: number; fictional: number }> = [];

async function openMigrated(name: string): Promise<DatabaseHandle> {
  const handle = await createDatabase({ databaseUrl: `sqlite:${join(dir, name)}`, dataDir: dir });
  await migrateToLatest(handle.db);
  return handle;
}

/** What every seeding run here shares, so SQLite and PostgreSQL are given the same plan. */
function demoRun() {
  return { registry, dataDir: dir, size: SIZE, seed: SEED, now: NOW };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kindred-seed-test-'));
  registry = TenantRegistry.load(
    { tenantsDir: resolve('tenants'), nichesDir: resolve('niches'), themesDir: resolve('themes') },
    { info: () => {}, error: () => {} },
  );
  first = await openMigrated('first.sqlite');
  second = await openMigrated('second.sqlite');
  expect(await isDatabaseEmpty(first.db)).toBe(true);
  // Both runs share one data directory, so the second draws nothing and links from the cache.
  for (const [i, handle] of [first, second].entries()) {
    results.push(await seedDemo({ ...demoRun(), db: handle.db, log: (l) => logs[i]!.push(l) }));
  }
}, 120_000);

afterAll(async () => {
  await first?.destroy();
  await second?.destroy();
  registry?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function summary(rows: Awaited<ReturnType<typeof people>>): string[] {
  return rows
    .map((p) =>
      JSON.stringify([
        p.site_id,
        p.name,
        p.birthdate,
        p.gender,
        p.seeking,
        p.country,
        p.region,
        p.city,
        p.text,
        p.interests,
      ]),
    )
    .sort();
}

async function people(handle: DatabaseHandle) {
  const profiles = await handle.db.selectFrom('profiles').selectAll().execute();
  const interests = await handle.db.selectFrom('profile_interests').selectAll().execute();
  return profiles.map((p) => ({
    ...p,
    interests: interests
      .filter((i) => i.profile_id === p.id)
      .map((i) => i.interest)
      .sort(),
  }));
}

describe('seedDemo', () => {
  it('creates the requested number of profiles and reports the fictional ones', async () => {
    expect(results[0]).toEqual(results[1]);
    expect(results[0]!.members).toBe(SIZE);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    const fictional = (await people(first)).filter((p) => p.fictional === 1);
    expect(fictional.length).toBeGreaterThan(0);
    expect(fictional.length).toBe(results[0]!.fictional);
    // Operator-run profiles have no account to log into.
    expect(fictional.every((p) => p.member_id === null)).toBe(true);
  });

  it('gives the same seed the same people', async () => {
    const a = summary(await people(first));
    const b = summary(await people(second));
    expect(a).toHaveLength(SIZE);
    expect(b).toEqual(a);
  });

  it('draws each avatar once and serves the second run from the cache', () => {
    expect(logs[0]!.some((l) => /avatars: \d+ \(\d+ drawn, 0 from cache\)/.test(l))).toBe(true);
    expect(logs[1]!.some((l) => /avatars: \d+ \(0 drawn, \d+ from cache\)/.test(l))).toBe(true);
  });

  it('fills the gay site with men seeking men, and the network shows them', async () => {
    const all = await people(first);
    const rainbow = all.filter((p) => p.site_id === 'rainbow');
    expect(rainbow.length).toBeGreaterThanOrEqual(SIZE / 4 - 1);
    for (const p of rainbow) {
      expect(p.network_id).toBe('amber');
      expect([p.gender, p.seeking, p.sexuality]).toEqual(['male', 'male', 'gay']);
    }
    const shownOnRainbow = all.filter(
      (p) => p.network_id === 'amber' && p.gender === 'male' && p.seeking === 'male',
    );
    expect(shownOnRainbow.length).toBeGreaterThanOrEqual(rainbow.length);
  });

  it("fills the bbw site with curvy women seeking men, in the site's own countries and network", async () => {
    const curvy = (await people(first)).filter((p) => p.site_id === 'curvy');
    expect(curvy.length).toBeGreaterThan(0);
    for (const p of curvy) {
      expect(p.network_id).toBe('curvy');
      expect(['DE', 'AT', 'CH', 'NL']).toContain(p.country);
    }
    const shown = curvy.filter((p) => p.gender === 'female');
    expect(shown.length).toBeGreaterThan(curvy.length / 2);
    for (const p of shown) expect([p.body_type, p.seeking, p.sexuality]).toEqual(['fat', 'male', 'hetero']);
  });

  it('keeps the gilf site between 55 and 80 and everyone between 18 and 80', async () => {
    const all = await people(first);
    for (const p of all) {
      const age = ageOn(p.birthdate, NOW);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(80);
    }
    const mature = all.filter((p) => p.site_id === 'mature' && p.gender === 'female');
    expect(mature.length).toBeGreaterThan(0);
    for (const p of mature) expect(ageOn(p.birthdate, NOW)).toBeGreaterThanOrEqual(55);
  });

  it('keeps gender, seeking and sexuality consistent', async () => {
    for (const p of await people(first)) {
      const expected =
        p.seeking === 'both'
          ? 'bi'
          : p.seeking === p.gender
            ? p.gender === 'male'
              ? 'gay'
              : 'lesbian'
            : 'hetero';
      expect(p.sexuality).toBe(expected);
    }
  });

  it('places members in real regions of their country', async () => {
    for (const p of await people(first)) {
      const regions = allCountries.find((c) => c[1] === p.country)![2].map((r) => r[1]);
      if (p.region !== null) expect(regions).toContain(p.region);
      if (p.city !== null) expect(p.region).not.toBeNull();
    }
  });

  it('gives every profile 3 to 8 interests from the spec', async () => {
    for (const p of await people(first)) {
      expect(p.interests.length).toBeGreaterThanOrEqual(3);
      expect(p.interests.length).toBeLessThanOrEqual(8);
      for (const i of p.interests) expect(INTERESTS).toContain(i);
    }
  });

  it('gives every profile a main photo whose files are WebP in the three sizes', async () => {
    const rows = await first.db
      .selectFrom('profiles')
      .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
      .select([
        'profiles.id as profile',
        'photos.id as photo',
        'photos.profile_id',
        'photos.network_id',
        'profiles.network_id as profile_network',
        'photos.filename',
        'photos.thumb_filename',
        'photos.match_filename',
        'photos.locked',
      ])
      .execute();
    expect(rows).toHaveLength(SIZE);
    for (const row of rows) {
      expect(row.photo).not.toBeNull();
      expect(row.profile_id).toBe(row.profile);
      expect(row.network_id).toBe(row.profile_network);
      expect(row.locked).toBe(0);
      for (const [file, size] of [
        [row.filename, 480],
        [row.thumb_filename, 160],
        [row.match_filename, 240],
      ] as const) {
        const path = join(dir, 'uploads', file!);
        expect(existsSync(path)).toBe(true);
        const meta = await sharp(path).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
      }
    }
  });

  it('uses undeliverable, numbered addresses and the documented demo password', async () => {
    const members = await first.db.selectFrom('members').selectAll().execute();
    expect(members.length).toBe(SIZE - results[0]!.fictional);
    for (const m of members) {
      expect(m.email).toMatch(/^demo\+[a-z0-9-]+-[1-9][0-9]*@example\.invalid$/);
      expect(m.email.startsWith(`demo+${m.site_id}-`)).toBe(true);
      expect(m.status).toBe('active');
    }
    // One argon2id hash, made once per run and shared: a demo login verifies like any other.
    const hashes = new Set(members.map((m) => m.password_hash));
    expect(hashes.size).toBe(1);
    const [stored] = [...hashes];
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verify(stored!, DEMO_PASSWORD)).toBe(true);
    expect(await verify(stored!, 'not-the-password')).toBe(false);
    // Each site numbers its demo accounts from 1, so the README's address exists on every site.
    const firstOfSite = new Set(
      members.filter((m) => m.email.endsWith('-1@example.invalid')).map((m) => m.site_id),
    );
    expect(firstOfSite).toEqual(new Set(members.map((m) => m.site_id)));
  });

  it('gives the first demo accounts conversations, one unread and one with a fictional profile that never answers', async () => {
    const conversations = await first.db.selectFrom('conversations').selectAll().execute();
    const messages = await first.db.selectFrom('messages').selectAll().execute();
    const states = await first.db.selectFrom('conversation_members').selectAll().execute();
    const profiles = new Map(
      (await first.db.selectFrom('profiles').selectAll().execute()).map((p) => [p.id, p]),
    );
    expect(conversations.length).toBeGreaterThan(0);
    for (const c of conversations) {
      expect(c.profile_a_id < c.profile_b_id).toBe(true);
      const own = messages.filter((m) => m.conversation_id === c.id);
      expect(own.map((m) => m.id)).toContain(c.last_message_id);
      expect(profiles.get(c.profile_a_id)!.network_id).toBe(c.network_id);
      expect(profiles.get(c.profile_b_id)!.network_id).toBe(c.network_id);
      for (const side of [c.profile_a_id, c.profile_b_id]) {
        const unread = own.filter((m) => m.sender_profile_id !== side && m.read_at === null).length;
        expect(states.find((s) => s.conversation_id === c.id && s.profile_id === side)!.unread_count).toBe(
          unread,
        );
      }
    }
    // Operator profiles receive, never write by themselves.
    expect(messages.some((m) => profiles.get(m.sender_profile_id)!.fictional === 1)).toBe(false);
    const withFictional = conversations.filter(
      (c) => profiles.get(c.profile_a_id)!.fictional === 1 || profiles.get(c.profile_b_id)!.fictional === 1,
    );
    expect(withFictional.length).toBeGreaterThan(0);
    // Nobody has read what the member wrote to an operator-run profile: no host opened it yet.
    for (const c of withFictional)
      expect(messages.filter((m) => m.conversation_id === c.id && m.read_at !== null)).toEqual([]);
    expect(states.some((s) => s.unread_count > 0)).toBe(true);
  });

  it('adds likes between compatible demo members of one network: some mutual, some unseen', async () => {
    const likes = await first.db.selectFrom('likes').selectAll().execute();
    const profiles = new Map(
      (await first.db.selectFrom('profiles').selectAll().execute()).map((p) => [p.id, p]),
    );
    expect(likes.length).toBeGreaterThan(0);
    const pairs = new Set(likes.map((l) => `${l.liker_profile_id}>${l.liked_profile_id}`));
    const mutual = likes.filter((l) => pairs.has(`${l.liked_profile_id}>${l.liker_profile_id}`));
    expect(mutual.length).toBeGreaterThan(0);
    expect(likes.some((l) => l.seen_at === null)).toBe(true);
    expect(likes.some((l) => l.seen_at !== null)).toBe(true);
    for (const like of likes) {
      const liker = profiles.get(like.liker_profile_id)!;
      const liked = profiles.get(like.liked_profile_id)!;
      expect(liker.id).not.toBe(liked.id);
      expect(liker.fictional).toBe(0);
      expect([liker.network_id, liked.network_id]).toEqual([like.network_id, like.network_id]);
      expect(['both', liked.gender]).toContain(liker.seeking);
      expect(['both', liker.gender]).toContain(liked.seeking);
      expect(like.created_at).toBeLessThanOrEqual(NOW);
      if (like.seen_at !== null) expect(like.seen_at).toBeGreaterThanOrEqual(like.created_at);
    }
  });

  it('attributes most demo accounts to a traffic source, with arrivals that did not sign up', async () => {
    const members = await first.db
      .selectFrom('members')
      .select(['id', 'tracking_id', 'created_at'])
      .execute();
    const records = await first.db.selectFrom('tracking_records').selectAll().execute();
    const byId = new Map(records.map((r) => [r.id, r]));
    const attributed = members.filter((m) => m.tracking_id !== null);
    expect(attributed.length).toBeGreaterThan(members.length / 3);
    for (const m of attributed) {
      const record = byId.get(m.tracking_id!)!;
      expect(record.member_id).toBe(m.id);
      expect(record.network).toBeTruthy();
      expect(record.created_at).toBeLessThanOrEqual(m.created_at);
    }
    expect(records.some((r) => r.member_id === null)).toBe(true);
  });

  it('keeps activity within the last 30 days, with someone online now', async () => {
    const all = await people(first);
    for (const p of all) {
      expect(p.last_active_at!).toBeLessThanOrEqual(NOW);
      expect(p.last_active_at!).toBeGreaterThanOrEqual(NOW - 30 * 86_400_000);
      expect(p.created_at).toBeLessThanOrEqual(p.last_active_at!);
    }
  });
});

describe('seedDemo on PostgreSQL', () => {
  let database: TestPostgresDatabase | undefined;
  let handle: DatabaseHandle | undefined;

  afterAll(async () => {
    await handle?.destroy();
    await database?.drop();
  });

  it('writes the same people as on SQLite', async () => {
    database = await withPostgresDatabase();
    handle = await createDatabase({ databaseUrl: database.url, dataDir: dir });
    await migrateToLatest(handle.db);
    const result = await seedDemo({ ...demoRun(), db: handle.db });
    expect(result).toEqual(results[0]);
    expect(summary(await people(handle))).toEqual(summary(await people(first)));
    const likes = async (h: DatabaseHandle) =>
      (await h.db.selectFrom('likes').select('seen_at').execute()).length;
    expect(await likes(handle)).toBe(await likes(first));
  }, 120_000);
});

describe('planMembers', () => {
  it('is a function of the seed alone', async () => {
    const sites = [...registry.snapshot.sites.values()];
    const places = await loadPlanData(sites);
    const strip = (seed: number) =>
      planMembers({ sites, size: 200, seed, now: NOW, places }).map(({ site, ...m }) => ({
        site: site.id,
        ...m,
      }));
    expect(strip(3)).toEqual(strip(3));
    expect(strip(3).map((m) => m.name)).not.toEqual(strip(4).map((m) => m.name));
  });

  it('spreads a larger seed over the sites with the share of operator profiles the spec asks', async () => {
    const sites = [...registry.snapshot.sites.values()];
    const places = await loadPlanData(sites);
    const plan = planMembers({ sites, size: 1000, seed: 1, now: NOW, places });
    const bySite = new Map<string, number>();
    for (const m of plan) bySite.set(m.site.id, (bySite.get(m.site.id) ?? 0) + 1);
    for (const count of bySite.values()) expect(count).toBe(1000 / sites.length);
    expect(plan.filter((m) => m.fictional).length).toBe(30);
    const consent = plan.filter((m) => m.publicConsent).length / plan.length;
    expect(consent).toBeGreaterThan(0.5);
    expect(consent).toBeLessThan(0.7);
    const general = plan.filter((m) => m.site.niche === 'general');
    expect(new Set(general.map((m) => m.sexuality))).toEqual(new Set(['hetero', 'gay', 'lesbian', 'bi']));
    expect(general.filter((m) => m.sexuality === 'hetero').length).toBeGreaterThan(general.length * 0.7);
  });

  it('numbers first, on every site, the members its niche is made for (demo+<site>-1 is one)', async () => {
    const sites = [...registry.snapshot.sites.values()];
    const places = await loadPlanData(sites);
    const plan = planMembers({ sites, size: 1000, seed: 1, now: NOW, places });
    for (const site of sites) {
      const usual = site.nicheConfig.signup_defaults;
      const real = plan.filter((m) => m.site.id === site.id && !m.fictional);
      const typical = real.map((m) => m.gender === usual.gender && m.seeking === usual.seeking);
      // On the bbw site the men seeking women are a fifth of its members; they come first.
      expect(typical.filter(Boolean).length, site.id).toBeGreaterThan(10);
      expect(
        typical.indexOf(false) === -1 || typical.lastIndexOf(true) < typical.indexOf(false),
        site.id,
      ).toBe(true);
    }
    const curvy = plan.filter((m) => m.site.niche === 'bbw' && !m.fictional);
    expect([curvy[0]!.gender, curvy[0]!.seeking]).toEqual(['male', 'female']);
  });
});

describe('planConversations', () => {
  it('has the conversations with operator-run profiles wait from minutes to a day, not all alike', async () => {
    const sites = [...registry.snapshot.sites.values()];
    const places = await loadPlanData(sites);
    const plan = planMembers({ sites, size: 1000, seed: 1, now: NOW, places });
    const rows = planConversations(
      plan,
      plan.map((_, i) => `p${i}`),
      NOW,
    );
    const fictional = new Set(plan.flatMap((m, i) => (m.fictional ? [`p${i}`] : [])));
    const waitedHours = rows.conversations
      .filter((c) => fictional.has(c.profile_a_id) || fictional.has(c.profile_b_id))
      .map((c) => (NOW - c.last_message_at!) / 3_600_000);
    expect(waitedHours.length).toBeGreaterThan(3);
    expect(Math.min(...waitedHours)).toBeLessThan(1);
    expect(Math.max(...waitedHours)).toBeGreaterThan(24);
    expect(Math.max(...waitedHours)).toBeLessThan(72);
    // Within a network, written to several operator-run profiles, not all to one.
    const writtenTo = new Map<string, Set<string>>();
    for (const c of rows.conversations)
      for (const id of [c.profile_a_id, c.profile_b_id].filter((p) => fictional.has(p)))
        writtenTo.set(c.network_id, (writtenTo.get(c.network_id) ?? new Set()).add(id));
    expect(Math.max(...[...writtenTo.values()].map((profiles) => profiles.size))).toBeGreaterThan(1);
  });
});

describe('interests', () => {
  it('gives an operator-run profile no interest in meeting, and members theirs as before', async () => {
    const sites = [...registry.snapshot.sites.values()];
    const places = await loadPlanData(sites);
    const plan = planMembers({ sites, size: 1000, seed: 1, now: NOW, places });
    const fictional = plan.filter((m) => m.fictional);
    expect(fictional.length).toBeGreaterThan(20);
    expect(fictional.flatMap((m) => m.interests.filter((i) => MEETING_INTERESTS.has(i)))).toEqual([]);
    expect(fictional.every((m) => m.interests.length >= 3)).toBe(true);
    // Members still name them, as often as before.
    const real = plan.filter((m) => !m.fictional);
    const meeting = real.filter((m) => m.interests.some((i) => MEETING_INTERESTS.has(i))).length;
    expect(meeting / real.length).toBeGreaterThan(0.3);
  });
});

describe('profileText', () => {
  it('gives an operator-run profile no sentence about meeting, and everyone else the same seed', async () => {
    const sites = [...registry.snapshot.sites.values()];
    const places = await loadPlanData(sites);
    const plan = planMembers({ sites, size: 1000, seed: 1, now: NOW, places });
    const looking = new Set(
      LOCALES.flatMap((locale) =>
        (['male', 'female', 'both'] as const).flatMap((seeking) =>
          (['male', 'female'] as const).flatMap((gender) => lookSentences(locale, seeking, gender)),
        ),
      ),
    );
    const saysLooking = (text: string | null) => [...looking].some((s) => text?.includes(s));
    const fictional = plan.filter((m) => m.fictional && m.text !== null);
    expect(fictional.length).toBeGreaterThan(20);
    expect(fictional.filter((m) => saysLooking(m.text))).toEqual([]);
    // Every other member who wrote a text still says whom they are looking for.
    const real = plan.filter((m) => !m.fictional && m.text !== null);
    expect(real.filter((m) => saysLooking(m.text)).length).toBe(real.length);
  });
});

describe('birthdateFor', () => {
  it('gives exactly the age asked for, on either side of the birthday', () => {
    for (const days of [0, 1, 100, 364]) {
      for (const age of [18, 35, 80]) expect(ageOn(birthdateFor(age, NOW, days), NOW)).toBe(age);
    }
  });
});
