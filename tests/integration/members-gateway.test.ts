import { beforeAll, describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { gatewayCounter, parseRawAnswer, rawExchange, rawHead, type RawAnswer } from '../support/raw-http.ts';
import { useServer } from '../support/use-server.ts';

/*
 * A member's search (`GET /api/members.php`) is answered before the page pipeline when it can
 * (src/server/api-gateway.ts), and by the app otherwise: a session due a write (last seen a
 * while ago), a visitor, a query the schema refuses. The same search down either path must
 * answer the same status line, headers (in order, byte for byte but the Date) and body.
 */

// Counting makes the server say which requests the gateway answered.
const app = useServer({ env: { KINDRED_COUNT_SQL: '1' } });

const { answered: gatewayAnswered } = gatewayCounter(
  () => app.server.output(),
  /^gateway: GET \/api\/members\.php/gm,
);

/** `GET /api/members.php?<query>` written out byte for byte, on a connection of its own. */
async function search(query: string, cookie: string | null): Promise<RawAnswer> {
  const headers = { host: 'localhost', connection: 'close', ...(cookie ? { cookie } : {}) };
  const request = rawHead(`GET /api/members.php?${query} HTTP/1.1`, headers);
  return parseRawAnswer(await rawExchange(app.server.port, request));
}

describe('the member search gateway', () => {
  let viewer: TestMember & TestSession;
  beforeAll(async () => {
    viewer = await app.make.loggedIn({ country: 'QM', gender: 'male', seeking: 'female' });
    for (const name of ['Ada', 'Bea', 'Cleo'])
      await app.make.member({ country: 'QM', gender: 'female', seeking: 'male', name });
  });

  /** Makes the viewer's session due a write: the next search goes through the app. */
  async function dueAWrite(): Promise<number> {
    const [row] = await app.inspect.rows('sessions', { member_id: viewer.memberId });
    const old = Number(row!.last_seen_at) - 120_000;
    await app.make.lastSeen(viewer, old);
    return old;
  }

  it('answers a member’s search byte for byte as the app does', async () => {
    const query = 'country=QM&gender=female&min_age=18&max_age=99';
    await dueAWrite();
    const before = await gatewayAnswered(0);
    const viaApp = await search(query, viewer.cookie);
    expect(await gatewayAnswered(before)).toBe(before);
    const viaGateway = await search(query, viewer.cookie);
    expect(await gatewayAnswered(before + 1)).toBe(before + 1);
    expect(viaApp.status, viaApp.body).toBe(200);
    expect(viaGateway.head).toBe(viaApp.head);
    expect(viaGateway.body).toBe(viaApp.body);
    expect(
      JSON.parse(viaGateway.body)
        .results.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(['Ada', 'Bea', 'Cleo']);
  });

  it('leaves a refused query and a visitor to the app', async () => {
    const before = await gatewayAnswered(0);
    const refused = await search('country=QM&min_age=abc', viewer.cookie);
    expect(refused.status).toBe(422);
    // The demo site lets visitors search: the app answers them.
    const visitor = await search('country=QM', null);
    expect(visitor.status).toBe(200);
    // A later answer of the gateway would have shown up by now.
    await search('country=QM', viewer.cookie);
    expect(await gatewayAnswered(before + 1)).toBe(before + 1);
  });
});
