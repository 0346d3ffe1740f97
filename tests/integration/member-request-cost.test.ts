import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { ACCOUNTS_SERVER, MINUTE, setClockOffset, signUp, Visitor } from './accounts-helpers.ts';

/*
 * ARCHITECTURE.md rule 10: members are never cached, so every uncached member request must be
 * cheap. A member request reads its session with the member's account, profile and photo in one
 * query; the `User` the page or the answer shows adds the notification settings. The server
 * counts each request's statements (KINDRED_COUNT_SQL=1) and prints them.
 */

/** Reads per member request: the session with the member, then the notification settings. */
const READS = 2;
/** Marking the member as seen (at most once a minute): one transaction (begin, session, account, profile, commit). */
const SEEN_WRITES = 5;

const app = useServer({ ...ACCOUNTS_SERVER, env: { KINDRED_COUNT_SQL: '1' } });
let member: Visitor;

beforeAll(async () => {
  member = new Visitor(app.server);
  await signUp(member);
});

let calls = 0;
/** The statements the server counted for one member request to `path`. */
async function statementsOf(path: string, headers: Record<string, string> = {}): Promise<number> {
  // A query of its own makes the request's line in the output unique.
  calls += 1;
  const url = `${path}?call=${calls}`;
  const response = await member.get(url, headers);
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

  it(`a member seen again after a minute costs at most ${READS + SEEN_WRITES}`, async () => {
    setClockOffset(app.server, 2 * MINUTE);
    expect(await statementsOf('/api/user.php', { 'x-client-request': '1' })).toBeLessThanOrEqual(
      READS + SEEN_WRITES,
    );
    // …and only once: the next request is back to the reads.
    expect(await statementsOf('/settings')).toBeLessThanOrEqual(READS);
  });
});
