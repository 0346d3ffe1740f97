import { beforeAll, describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { memberCalls, type MemberRoute } from '../support/member-routes.ts';
import { gatewayCounter, parseRawAnswer, rawExchange, rawHead, type RawAnswer } from '../support/raw-http.ts';
import { useServer } from '../support/use-server.ts';

/*
 * Every member JSON GET of an API route made by the endpoint kit is answered before the page
 * pipeline when it can (src/app/gateways.ts, src/server/api-gateway.ts), a route added later
 * included, and by the app otherwise: a session due a write (last seen a while ago), a visitor,
 * a query the schema refuses, a handler that reaches for Astro's context. Each of the member
 * area's calls (tests/support/member-routes.ts) must be the gateway's, and answer down either
 * path the same status line, headers (in order, byte for byte but the Date) and body.
 */

// Counting makes the server say which requests the gateway answered.
const app = useServer({ env: { KINDRED_COUNT_SQL: '1' } });

const { answered: gatewayAnswered } = gatewayCounter(() => app.server.output(), /^gateway: GET \/api\//gm);

/** `GET <path>` written out byte for byte, on a connection of its own, as the pages' scripts send it. */
async function call(path: string, cookie: string | null): Promise<RawAnswer> {
  const headers = {
    host: 'localhost',
    connection: 'close',
    'x-client-request': '1',
    ...(cookie ? { cookie } : {}),
  };
  return parseRawAnswer(await rawExchange(app.server.port, rawHead(`GET ${path} HTTP/1.1`, headers)));
}

describe('the JSON gateway', () => {
  let viewer: TestMember & TestSession;
  let calls: MemberRoute[];
  beforeAll(async () => {
    viewer = await app.make.loggedIn({ country: 'QM', gender: 'male', seeking: 'female' });
    const [ada, bea] = [
      await app.make.member({ country: 'QM', gender: 'female', seeking: 'male', name: 'Ada' }),
      await app.make.member({ country: 'QM', gender: 'female', seeking: 'male', name: 'Bea' }),
    ];
    await app.make.like(ada, viewer);
    await app.make.like(viewer, bea);
    calls = memberCalls(ada.profileId);
  });

  /** Makes the viewer's session due a write: the next call goes through the app. */
  async function dueAWrite(): Promise<void> {
    const [row] = await app.inspect.rows('sessions', { member_id: viewer.memberId });
    await app.make.lastSeen(viewer, Number(row!.last_seen_at) - 120_000);
  }

  it('answers each of the member area’s calls, byte for byte as the app does', async () => {
    for (const { name, path } of calls) {
      await dueAWrite();
      const before = await gatewayAnswered(0);
      const viaApp = await call(path, viewer.cookie);
      expect(await gatewayAnswered(before), `${name}: the app answers a session due a write`).toBe(before);
      const viaGateway = await call(path, viewer.cookie);
      expect(await gatewayAnswered(before + 1), `${name}: the gateway answers`).toBe(before + 1);
      expect(viaApp.status, `${name}: ${viaApp.body}`).toBe(200);
      expect(viaGateway.head, name).toBe(viaApp.head);
      expect(viaGateway.body, name).toBe(viaApp.body);
    }
  });

  it('answers the member’s own data', async () => {
    const likes = JSON.parse((await call('/api/likes.php', viewer.cookie)).body);
    expect(JSON.stringify(likes)).toContain('Ada');
  });

  it('leaves a visitor, a refused query and a handler that needs Astro to the app', async () => {
    const before = await gatewayAnswered(0);
    // A visitor: refused by the route as the app refuses it.
    const visitor = await call('/api/chats.php', null);
    expect(visitor.status).toBe(403);
    expect(JSON.parse(visitor.body)).toMatchObject({ error: 'authentication_required' });
    // A query the schema refuses: the app answers the 422 in the member's language.
    const refused = await call('/api/member.php?id=', viewer.cookie);
    expect(refused.status).toBe(422);
    // `settings.php` reads the request's URL: the app answers it, once.
    const settings = await call('/api/settings.php', viewer.cookie);
    expect(settings.status).toBe(200);
    // A later answer of the gateway would have shown up by now.
    await call('/api/chats.php', viewer.cookie);
    expect(await gatewayAnswered(before + 1)).toBe(before + 1);
  });
});
