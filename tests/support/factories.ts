/**
 * Entities made straight in the test server's database, through the project's repositories
 * where a feature owns the table (accounts, complaints, tracking, page events). Tables whose
 * feature is not built yet (photos, chat, likes, payments, the realtime store) are written here
 * with Kysely in the shape the schema gives them: erasure and export must handle those rows
 * whoever writes them.
 *
 * A test that is about something else (a cache, a photo preview, erasure) makes what it needs
 * here instead of walking the signup and login forms; the accounts tests still use HTTP for
 * what they are about.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type {
  DiscountValidity,
  Database,
  Gender,
  NotificationCategory,
  NotificationDisabledReason,
  PhotoStatus,
  RowUpdate,
  Seeking,
} from '../../src/db/database.ts';
import { newId } from '../../src/db/ids.ts';
import {
  insertAccount,
  insertSession,
  updateMember,
} from '../../src/features/accounts/accounts.repository.ts';
import { argon2Passwords } from '../../src/features/accounts/passwords.ts';
import { newSecret } from '../../src/features/accounts/tokens.ts';
import { closeComplaint, insertComplaint } from '../../src/features/complaints/complaints.repository.ts';
import { createMemberProfile } from '../../src/features/profiles/index.ts';
import { insertPageEvent } from '../../src/features/page-behaviours/page-behaviours.repository.ts';
import {
  claimTrackingRecord,
  insertTrackingRecord,
} from '../../src/features/tracking/tracking.repository.ts';
import type { TrackingValues } from '../../src/features/tracking/tracking.params.ts';
import { DEMO } from './server.ts';

/**
 * One real argon2id hash per password and test process: a verify takes the same time against
 * any of them, and a hash per member cost 15 ms of CPU, thousands of times a run.
 */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = argon2Passwords.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A site as factories need it: its id (tenant file) and its network. */
export interface SiteRef {
  id: string;
  network: string;
}

/** A profile somewhere in a network (a member's, or an operator's). */
export interface ProfileRef {
  profileId: string;
  network: string;
}

/** A member's account and profile, as the factories that add to them need it. */
export interface MemberRef extends ProfileRef {
  memberId: string;
  siteId: string;
}

export interface TestMember extends MemberRef {
  email: string;
  /** The plain password, for logins through the API. */
  password: string;
}

export interface TestSession {
  /** The cookie's value (the token); the database keeps only its hash. */
  token: string;
  /** `session=<token>`, ready for a Cookie header (plain http). */
  cookie: string;
  /** The session's row id (the token's hash). */
  sessionId: string;
}

export interface MemberOptions {
  site?: SiteRef;
  email?: string;
  password?: string;
  name?: string;
  birthdate?: string;
  gender?: Gender;
  seeking?: Seeking;
  country?: string;
  /** `active` (default: confirmed, profile shown) or `not_confirmed`. */
  status?: 'active' | 'not_confirmed';
  language?: string;
}

export interface PhotoOptions {
  status?: PhotoStatus;
  /** Make it the profile's main photo (default true). */
  main?: boolean;
  /** Also write the files under `<dataDir>/uploads`, as the storage adapter would. */
  dataDir?: string;
}

export interface TestPhoto {
  photoId: string;
  /** Paths relative to the storage root: main, thumb, match and the blurred full and thumbnail copies. */
  files: string[];
}

export interface Factories {
  member(options?: MemberOptions): Promise<TestMember>;
  /** A 30-day session of `member` on its own site (or `site`), as a login opens one. */
  session(member: TestMember, options?: { site?: SiteRef; days?: number }): Promise<TestSession>;
  /** A member with a session: `member()` then `session()`. */
  loggedIn(options?: MemberOptions): Promise<TestMember & TestSession>;
  /** An operator-run profile of a network (no account behind it). */
  operatorProfile(options?: { network?: string; name?: string; fictional?: boolean }): Promise<ProfileRef>;
  updateMember(member: Pick<TestMember, 'memberId' | 'network'>, patch: RowUpdate<'members'>): Promise<void>;
  updateProfile(profile: ProfileRef, patch: RowUpdate<'profiles'>): Promise<void>;
  /** Dates when the member's sessions were last seen; a mark a while back makes the next request the app's. */
  lastSeen(member: Pick<TestMember, 'memberId'>, at: number): Promise<void>;
  /** `blocker` blocks `blocked`, as the blocks feature writes it. */
  block(blocker: ProfileRef, blocked: ProfileRef): Promise<void>;
  photo(profile: ProfileRef, options?: PhotoOptions): Promise<TestPhoto>;
  setPhotoStatus(photoId: string, status: PhotoStatus): Promise<void>;
  like(from: ProfileRef, to: ProfileRef): Promise<void>;
  /** A conversation between the two profiles with one text message from `from`. */
  message(
    from: ProfileRef,
    to: ProfileRef,
    text: string,
  ): Promise<{ conversationId: string; messageId: string }>;
  /** A completed order and its ledger entry (money records, kept by erasure). */
  order(member: MemberRef, options?: { credits?: number; amount?: number }): Promise<{ orderId: string }>;
  /** A realtime event kept for the member's reconnecting browser. */
  liveEvent(member: Pick<TestMember, 'memberId' | 'network'>, type: string, data: unknown): Promise<void>;
  pageEvent(options: {
    site?: SiteRef;
    id?: string;
    kind: 'bounce' | 'hidden';
    page: string;
    ms?: number | null;
    memberId?: string | null;
    createdAt?: number;
  }): Promise<{ id: string }>;
  authEvent(options: {
    site?: SiteRef;
    id?: string;
    kind: string;
    memberId?: string | null;
    ip?: string | null;
    createdAt?: number;
  }): Promise<{ id: string }>;
  /** A tracking record; with `member`, claimed by that member as a signup claims it. */
  trackingRecord(options: {
    site?: SiteRef;
    id?: string;
    values: TrackingValues;
    member?: Pick<TestMember, 'memberId'>;
    createdAt?: number;
  }): Promise<{ id: string }>;
  /** A complaint; `handledAt` closes it then. */
  complaint(options: {
    site?: SiteRef;
    id?: string;
    category: string;
    text: string;
    createdAt?: number;
    handledAt?: number;
  }): Promise<{ id: string }>;
  /**
   * A discount code of every network, unexpired (default: a fresh random code, 10 %, once per
   * member). A code that exists already stays as it is.
   */
  discountCode(options?: {
    code?: string;
    percentage?: number;
    minimum?: number;
    currency?: string;
    country?: string;
    validity?: DiscountValidity;
  }): Promise<string>;
  /** A category the system switched off for the member (a bounce, a complaint loop, an unsubscribe). */
  notificationSwitchedOff(
    member: Pick<TestMember, 'memberId' | 'network'>,
    category: NotificationCategory,
    reason: NotificationDisabledReason,
  ): Promise<void>;
}

let counter = 0;
/** An address no other factory call of this process made. */
function uniqueAddress(): string {
  counter += 1;
  return `made.${process.pid}.${counter}.${Date.now().toString(36)}@example.org`;
}

export function factories(db: Kysely<Database>): Factories {
  const defaultSite: SiteRef = DEMO.amber;
  /**
   * The site a row belongs to (the first demo site unless named), its id (new unless named) and
   * when it was made (now unless named).
   */
  const placed = (options: { site?: SiteRef; id?: string; createdAt?: number }) => ({
    site: options.site ?? defaultSite,
    id: options.id ?? newId(),
    createdAt: options.createdAt ?? Date.now(),
  });
  /** Writes one placed row and answers its id, by which a test follows the row across tables. */
  const placedRow = async (
    options: Parameters<typeof placed>[0],
    write: (row: ReturnType<typeof placed>) => Promise<unknown>,
  ) => {
    const row = placed(options);
    await write(row);
    return { id: row.id };
  };
  const make: Factories = {
    async member(options = {}) {
      const site = options.site ?? defaultSite;
      const now = Date.now();
      const password = options.password ?? 'blue tulips at dawn 42';
      const status = options.status ?? 'active';
      const member = {
        memberId: newId(),
        profileId: newId(),
        network: site.network,
        siteId: site.id,
        email: (options.email ?? uniqueAddress()).trim().toLowerCase(),
        password,
      };
      await insertAccount(
        db,
        site.network,
        {
          id: member.memberId,
          network_id: site.network,
          site_id: site.id,
          email: member.email,
          password_hash: await passwordHash(password),
          status,
          language: options.language ?? 'en',
          created_at: now,
          confirmed_at: status === 'active' ? now : null,
          last_active_at: now,
        },
        (trx) =>
          createMemberProfile(trx, site.network, {
            id: member.profileId,
            memberId: member.memberId,
            siteId: site.id,
            name: options.name ?? 'Robin',
            gender: options.gender ?? 'male',
            seeking: options.seeking ?? 'female',
            birthdate: options.birthdate ?? '1990-05-17',
            country: options.country ?? 'NL',
            status: status === 'active' ? 'active' : 'disabled',
            createdAt: now,
          }),
      );
      return member;
    },

    async session(member, options = {}) {
      const { token, hash } = newSecret();
      const now = Date.now();
      await insertSession(db, member.network, {
        id: hash,
        member_id: member.memberId,
        site_id: options.site?.id ?? member.siteId,
        created_at: now,
        expires_at: now + (options.days ?? 30) * DAY_MS,
        last_seen_at: now,
        user_agent: null,
        ip: null,
      });
      return { token, cookie: `session=${token}`, sessionId: hash };
    },

    async loggedIn(options) {
      const member = await make.member(options);
      return { ...member, ...(await make.session(member)) };
    },

    async operatorProfile(options = {}) {
      const now = Date.now();
      const profile = { profileId: newId(), network: options.network ?? defaultSite.network };
      await db
        .insertInto('profiles')
        .values({
          id: profile.profileId,
          member_id: null,
          network_id: profile.network,
          site_id: null,
          name: options.name ?? 'Operator',
          gender: 'female',
          seeking: 'male',
          birthdate: '1990-01-01',
          country: 'NL',
          status: 'active',
          fictional: options.fictional === false ? 0 : 1,
          main_photo_id: null,
          last_active_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return profile;
    },

    async updateMember(member, patch) {
      await updateMember(db, member.network, member.memberId, patch);
    },

    async block(blocker, blocked) {
      await db
        .insertInto('blocks')
        .values({
          blocker_profile_id: blocker.profileId,
          blocked_profile_id: blocked.profileId,
          network_id: blocker.network,
          created_at: Date.now(),
        })
        .execute();
    },

    async updateProfile(profile, patch) {
      await db
        .updateTable('profiles')
        .set(patch)
        .where('network_id', '=', profile.network)
        .where('id', '=', profile.profileId)
        .execute();
    },

    async lastSeen(member, at) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('member_id', '=', member.memberId)
        .execute();
    },

    async photo(profile, options = {}) {
      const photoId = newId();
      const folder = `${profile.network}/${photoId.slice(0, 2)}`;
      const files = ['main', 'thumb', 'match', 'blur'].map((copy) => `${folder}/${photoId}-${copy}.webp`);
      // The blurred thumbnail has a name of its own, as an upload's blurred copies do.
      files.push(`${folder}/${newId()}-blur.webp`);
      await db
        .insertInto('photos')
        .values({
          id: photoId,
          profile_id: profile.profileId,
          network_id: profile.network,
          filename: files[0]!,
          thumb_filename: files[1]!,
          match_filename: files[2]!,
          blur_filename: files[3]!,
          blur_thumb_filename: files[4]!,
          status: options.status ?? 'active',
          position: 0,
          created_at: Date.now(),
        })
        .execute();
      if (options.main ?? true) await make.updateProfile(profile, { main_photo_id: photoId });
      if (options.dataDir) {
        for (const file of files) {
          const path = join(options.dataDir, 'uploads', file);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, 'image bytes');
        }
      }
      return { photoId, files };
    },

    async setPhotoStatus(photoId, status) {
      await db.updateTable('photos').set({ status }).where('id', '=', photoId).execute();
    },

    async like(from, to) {
      await db
        .insertInto('likes')
        .values({
          liker_profile_id: from.profileId,
          liked_profile_id: to.profileId,
          network_id: from.network,
          created_at: Date.now(),
          seen_at: null,
        })
        .execute();
    },

    async message(from, to, text) {
      const now = Date.now();
      // A pair of profiles has one conversation, stored with its ids in order.
      const [a, b] = [from.profileId, to.profileId].sort();
      const conversationId = newId();
      const messageId = newId();
      await db
        .insertInto('conversations')
        .values({
          id: conversationId,
          network_id: from.network,
          profile_a_id: a!,
          profile_b_id: b!,
          created_at: now,
        })
        .execute();
      await db
        .insertInto('messages')
        .values({
          id: messageId,
          conversation_id: conversationId,
          network_id: from.network,
          sender_profile_id: from.profileId,
          type: 'text',
          text,
          created_at: now,
        })
        .execute();
      return { conversationId, messageId };
    },

    async order(member, options = {}) {
      const now = Date.now();
      const orderId = newId();
      const credits = options.credits ?? 100;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('orders')
          .values({
            id: orderId,
            network_id: member.network,
            site_id: member.siteId,
            member_id: member.memberId,
            bundle_id: 'starter',
            credits,
            amount: options.amount ?? 1499,
            currency: 'EUR',
            payment_method: 'ideal',
            provider: 'test',
            status: 'completed',
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('credit_ledger')
          .values({
            id: newId(),
            network_id: member.network,
            site_id: member.siteId,
            member_id: member.memberId,
            delta: credits,
            reason: 'purchase',
            reference: orderId,
            balance_after: credits,
            created_at: now,
          })
          .execute();
      });
      return { orderId };
    },

    async liveEvent(member, type, data) {
      await db
        .insertInto('events')
        .values({
          member_id: member.memberId,
          network_id: member.network,
          type,
          data: JSON.stringify(data),
          created_at: Date.now(),
        })
        .execute();
    },

    pageEvent: (options) =>
      placedRow(options, ({ site, id, createdAt }) =>
        insertPageEvent(db, {
          id,
          network_id: site.network,
          site_id: site.id,
          kind: options.kind,
          page: options.page,
          ms: options.ms ?? null,
          member_id: options.memberId ?? null,
          created_at: createdAt,
        }),
      ),

    // Written here rather than by the security repository, which picks the id itself: tests
    // that follow a row across tables need to name it.
    authEvent: (options) =>
      placedRow(options, ({ site, id, createdAt }) =>
        db
          .insertInto('auth_events')
          .values({
            id,
            network_id: site.network,
            site_id: site.id,
            member_id: options.memberId ?? null,
            kind: options.kind,
            ip: options.ip ?? null,
            created_at: createdAt,
          })
          .execute(),
      ),

    trackingRecord: (options) =>
      placedRow(options, async ({ site, id, createdAt }) => {
        await insertTrackingRecord(db, site.network, {
          id,
          siteId: site.id,
          values: options.values,
          landingPath: null,
          createdAt,
        });
        if (options.member) await claimTrackingRecord(db, site.network, id, options.member.memberId);
      }),

    complaint: (options) =>
      placedRow(options, async ({ site, id, createdAt }) => {
        await insertComplaint(db, site.network, {
          id,
          siteId: site.id,
          reporterMemberId: null,
          profileId: null,
          category: options.category,
          text: options.text,
          email: null,
          createdAt,
        });
        if (options.handledAt !== undefined) await closeComplaint(db, site.network, id, options.handledAt);
      }),

    async discountCode(options = {}) {
      const code = options.code ?? `TEST${newId().toUpperCase()}`;
      await db
        .insertInto('discount_codes')
        .values({
          id: newId(),
          code,
          network_id: null,
          percentage: options.percentage ?? 10,
          minimum_amount: options.minimum ?? null,
          currency: options.currency ?? null,
          country: options.country ?? null,
          validity: options.validity ?? 'once_per_user',
          expires_at: null,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return code;
    },

    async notificationSwitchedOff(member, category, reason) {
      await db
        .insertInto('notification_preferences')
        .values({
          member_id: member.memberId,
          network_id: member.network,
          category,
          disabled: 1,
          reason,
          updated_at: 0,
        })
        .execute();
    },
  };
  return make;
}
