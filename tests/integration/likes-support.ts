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
  liked_by: Array<{ id: string; like_new: boolean; profile: Card }>;
  matches: Card[];
}

/** The Host of a member's own site. */
const hostOf = (member: Pick<TestMember, 'siteId'>) =>
  member.siteId === 'localhost'
    ? 'localhost'
    : `${member.siteId === 'mature' ? 'silver' : member.siteId}.localhost`;

/** A call by `member` on its own site (or `host`). */
export function call(
  app: ServerUnderTest,
  member: LoggedIn,
  method: string,
  path: string,
  body?: unknown,
  host?: string,
): Promise<TestResponse> {
  return app.request(path, {
    method,
    host: host ?? hostOf(member),
    headers: { cookie: member.cookie },
    ...(body === undefined ? {} : { body }),
  });
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
