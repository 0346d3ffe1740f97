import { beforeAll, describe, expect, it } from 'vitest';
import { memberCalls, memberPages } from '../support/member-routes.ts';
import { useServer } from '../support/use-server.ts';
import {
  ACCOUNTS_SERVER,
  demoMemberWithOther,
  MINUTE,
  setClockOffset,
  signUp,
  Visitor,
} from './accounts-helpers.ts';

/*
 * ARCHITECTURE.md rule 10: members are never cached, so every uncached member request must be
 * cheap. A member request reads its session with the member's account, profile, photo and
 * notification settings (what the `User` the page or the answer shows is made of) in one query.
 * The server counts each request's statements (KINDRED_COUNT_SQL=1) and prints them.
 */

/** Reads per member request: the session with the member. */
const READS = 1;
/** Marking the member as seen (at most once a minute): one transaction (begin, session, account, profile, commit). */
const SEEN_WRITES = 5;
/**
 * A JSON GET is tried by the built server's gateway first (src/app/gateways.ts): when the session
 * is due a write, the gateway's quiet read of it finds so and hands the call to the app, which
 * reads the session again as it marks the member seen. Once a minute per member.
 */
const GATEWAY_TRY = 1;

/**
 * The most statements each member page and call may run for a demo member (one with likes,
 * matches and photos), reads of the request included: the page's own reads on top of `READS`.
 * A page or call that needs more must say why here.
 */
const BOUNDS: Record<string, number> = {
  // the visible profiles' page and their count, and what the profile lacks (the kept filters
  // come with the session)
  members: READS + 3,
  // the profile with its details, interests, the likes and the blocks both ways (one
  // statement), its photos (with the main photo's id), and for a free member the conversations
  // written in (the Message button states the free limit)
  'profile-view': READS + 3,
  // the first page of each of the three lists, side by side in one statement
  likes: READS + 1,
  'likes-sent': READS + 1,
  'likes-matches': READS + 1,
  // the offer: the member as the discount rules read it, with whether they hold the one
  // first-purchase discount (welcome or time bonus), and the two built-in codes' rows (one
  // statement); their redemptions are the member's first-purchase ones. The first credits page
  // of a network in a while also reads the premium claim's like outcomes (kept per network):
  // this is the first credits route measured here.
  credits: READS + 3,
  'credits-bundle': READS + 2,
  'credits-repeat': READS,
  // the profile with its interests
  profile: READS + 1,
  'profile-photos': READS + 1,
  settings: READS,
  // the list comes with the page: the member's chats with their last messages (one statement)
  chats: READS + 1,
  chat: READS,
  'swipe-game': READS + 2,
  // the pool of those who fit both ways, interests in common (the member's place and kept
  // filters come with the session)
  'match-finder': READS + 2,
  // the settings shown are those read for the member's `User`
  notifications: READS,
  premium: READS,
  'user.php': READS,
  // the page and its count, and keeping the filters where they change what is kept (filters
  // kept already are not written again)
  'members.php': READS + 3,
  // as /likes
  'likes.php': READS + 1,
  // as /chats
  'chats.php': READS + 1,
  // the offer's reads, as on /credits
  'credits.php': READS + 2,
  // the profile's reads as on its page, but for the conversations written in
  'member.php': READS + 2,
  // as /match-finder
  'match-finder.php': READS + 2,
};

// Seeded: the demo members have likes, matches, photos and chats, which the pages read.
const app = useServer({ ...ACCOUNTS_SERVER, seedSize: 40, env: { KINDRED_COUNT_SQL: '1' } });
let member: Visitor;

beforeAll(async () => {
  member = new Visitor(app.server);
  await signUp(member);
});

let calls = 0;
/** The statements the server counted for one member request to `path`. */
async function statementsOf(
  path: string,
  headers: Record<string, string> = {},
  visitor: Visitor = member,
): Promise<number> {
  // A query of its own makes the request's line in the output unique.
  calls += 1;
  const url = `${path}${path.includes('?') ? '&' : '?'}call=${calls}`;
  const response = await visitor.get(url, headers);
  expect(response.status, response.body.slice(0, 300)).toBe(200);
  const line = new RegExp(`^sql statements: GET ${url.replace(/[.?]/g, '\\$&')} (\\d+)$`, 'm');
  await app.server.waitForOutput(line);
  return Number(line.exec(app.server.output())![1]);
}

describe('the SQL statements of a member request', () => {
  it(`the settings page costs at most ${READS}`, async () => {
    expect(await statementsOf('/settings')).toBeLessThanOrEqual(READS);
  });

  it(`GET /api/user.php costs at most ${READS}`, async () => {
    const count = await statementsOf('/api/user.php', { 'x-client-request': '1' });
    expect(count).toBeLessThanOrEqual(READS);
  });

  it(`a member seen again after a minute costs at most ${READS + SEEN_WRITES + GATEWAY_TRY}`, async () => {
    setClockOffset(app.server, 2 * MINUTE);
    expect(await statementsOf('/api/user.php', { 'x-client-request': '1' })).toBeLessThanOrEqual(
      READS + SEEN_WRITES + GATEWAY_TRY,
    );
    // …and only once: the next request is back to the reads.
    expect(await statementsOf('/settings')).toBeLessThanOrEqual(READS);
  });
});

describe('the SQL statements of every member page and call (tests/support/member-routes.ts)', () => {
  let demo: Visitor;
  let other: string;

  beforeAll(async () => {
    ({ member: demo, other } = await demoMemberWithOther(app));
  });

  it('every route has a bound', () => {
    const names = [...memberPages('x'), ...memberCalls('x')].map((route) => route.name);
    expect(names.filter((name) => BOUNDS[name] === undefined)).toEqual([]);
  });

  for (const route of memberPages(':other')) {
    it(`${route.path} costs at most ${BOUNDS[route.name]}`, async () => {
      const count = await statementsOf(route.path.replace(':other', other), {}, demo);
      expect(count).toBeLessThanOrEqual(BOUNDS[route.name]!);
    });
  }

  // The third request of a shape fills the layout's kept frame (member-frame.ts): no more reads.
  for (const route of memberPages(':other')) {
    it(`${route.path} in a kept frame costs at most ${BOUNDS[route.name]}`, async () => {
      calls += 1;
      const path = route.path.replace(':other', other);
      const url = `${path}${path.includes('?') ? '&' : '?'}kept=${calls}`;
      for (let i = 0; i < 3; i++) expect((await demo.get(url)).status).toBe(200);
      const line = new RegExp(`^sql statements: GET ${url.replace(/[.?]/g, '\\$&')} (\\d+)$`, 'gm');
      await app.server.waitForOutput(new RegExp(`(${line.source}[\\s\\S]*){3}`, 'm'));
      const counts = [...app.server.output().matchAll(line)].map((match) => Number(match[1]));
      expect(counts).toHaveLength(3);
      expect(counts[2]).toBeLessThanOrEqual(BOUNDS[route.name]!);
    });
  }

  for (const route of memberCalls(':other')) {
    it(`GET ${route.path} costs at most ${BOUNDS[route.name]}`, async () => {
      const count = await statementsOf(
        route.path.replace(':other', other),
        { 'x-client-request': '1' },
        demo,
      );
      expect(count).toBeLessThanOrEqual(BOUNDS[route.name]!);
    });
  }
});
