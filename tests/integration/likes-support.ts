import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { newId } from '../../src/db/ids.ts';
import type { ProfileRef, SiteRef, TestMember, TestSession } from '../support/factories.ts';
import type { TestResponse } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';

/* Helpers of the likes and swipe tests: a member's calls with its session, and rows set up directly. */

export type LoggedIn = TestMember & TestSession;

export interface Card {
  id: string;
  name: string;
  fictional: boolean;
  main_image: { filename: string; thumb_filename: string; match: string };
}

export interface LikesBody {
  profiles: Card[];
  liked_by: Array<{ id: string; like_new: boolean; liked_back: boolean; profile: Card }>;
  matches: Card[];
  next: { profiles: string | null; liked_by: string | null; matches: string | null };
}

/** The Host of a member's own site. */
const hostOf = (member: Pick<TestMember, 'siteId'>) =>
  member.siteId === 'localhost'
    ? 'localhost'
    : `${member.siteId === 'mature' ? 'silver' : member.siteId}.localhost`;

/** A call by `member` on its own site (or `host`), in the site's language unless `locale` is given. */
export function call(
  app: ServerUnderTest,
  member: LoggedIn,
  method: string,
  path: string,
  body?: unknown,
  host?: string,
  locale?: string,
): Promise<TestResponse> {
  return app.request(path, {
    method,
    host: host ?? hostOf(member),
    headers: { cookie: member.cookie, ...(locale === undefined ? {} : { 'x-locale': locale }) },
    ...(body === undefined ? {} : { body }),
  });
}

/** A call by `member` on its own site whose answer is asked for in `locale` (the `x-locale` header). */
export function callIn(
  locale: string,
  app: ServerUnderTest,
  member: LoggedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  return call(app, member, method, path, body, undefined, locale);
}

export async function likesOf(app: ServerUnderTest, member: LoggedIn): Promise<LikesBody> {
  const res = await call(app, member, 'GET', '/api/likes.php');
  if (res.status !== 200) throw new Error(`likes.php ${res.status}: ${res.body}`);
  return res.json<LikesBody>();
}

/** `blocker` blocks `blocked` (the blocks feature's row, written as it would). */
export function block(app: ServerUnderTest, blocker: ProfileRef, blocked: ProfileRef): Promise<void> {
  return app.make.block(blocker, blocked);
}

/** A member of `site` with a photo, active now: what every deck and list can show. */
export async function shownMember(
  app: ServerUnderTest,
  options: { site?: SiteRef; name?: string; gender?: 'male' | 'female'; seeking?: 'male' | 'female' } = {},
): Promise<LoggedIn> {
  const member = await app.make.loggedIn(options);
  await app.make.photo(member);
  return member;
}

/**
 * `count` active operator profiles of `to`'s network, written at once (a page of likes needs
 * more profiles than the factories make quickly), each liking `to` when `likesTo`, and liked by
 * `to` when `likedByTo`, at the times `at(i)` gives. Answers the profiles with their like's time.
 */
export async function manyProfiles(
  app: { readonly db: Kysely<Database> },
  to: ProfileRef,
  count: number,
  options: { at: (i: number) => number; likesTo?: boolean; likedByTo?: boolean },
): Promise<Array<{ profileId: string; network: string; at: number }>> {
  const now = Date.now();
  const profiles = Array.from({ length: count }, (_, i) => ({
    profileId: newId(),
    network: to.network,
    at: options.at(i),
  }));
  await app.db
    .insertInto('profiles')
    .values(
      profiles.map((p, i) => ({
        id: p.profileId,
        member_id: null,
        network_id: p.network,
        site_id: null,
        name: `Many ${i}`,
        gender: 'female' as const,
        seeking: 'male' as const,
        birthdate: '1990-01-01',
        country: 'NL',
        status: 'active' as const,
        fictional: 1 as const,
        main_photo_id: null,
        last_active_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const likes = profiles.flatMap((p) => [
    ...(options.likesTo
      ? [
          {
            liker_profile_id: p.profileId,
            liked_profile_id: to.profileId,
            network_id: p.network,
            created_at: p.at,
            seen_at: null,
          },
        ]
      : []),
    ...(options.likedByTo
      ? [
          {
            liker_profile_id: to.profileId,
            liked_profile_id: p.profileId,
            network_id: p.network,
            created_at: p.at,
            seen_at: null,
          },
        ]
      : []),
  ]);
  if (likes.length) await app.db.insertInto('likes').values(likes).execute();
  return profiles;
}
