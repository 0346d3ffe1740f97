/**
 * Random requests to every endpoint of the built server: whatever the body, query and headers,
 * never a 5xx, never a stack trace, and an error answer changes no data (ARCHITECTURE "Bad
 * input changes no data"; rate-limit counters and the security and page logs may move).
 *
 * The endpoints and their methods are read from `src/pages/api/`, so a new endpoint is fuzzed
 * without anyone listing it here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/db/database.ts';
import type { TestMember } from '../support/factories.ts';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { openSse } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';

const API_DIR = join(REPO_ROOT, 'src', 'pages', 'api');
const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** `[path, method]` for each exported handler of each `src/pages/api/*.php.ts`. */
function endpoints(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const file of readdirSync(API_DIR).filter((f) => f.endsWith('.php.ts'))) {
    const source = readFileSync(join(API_DIR, file), 'utf8');
    const methods = new Set<string>();
    const declared = /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|DELETE|PATCH|ALL)\b/g;
    for (const m of source.matchAll(declared)) methods.add(m[1]!);
    for (const m of source.matchAll(/export\s*\{([^}]*)\}/g))
      for (const name of m[1]!.matchAll(
        /\bas\s+(GET|POST|PUT|DELETE|PATCH|ALL)\b|^\s*(GET|POST|PUT|DELETE|PATCH|ALL)\b/g,
      ))
        methods.add((name[1] ?? name[2])!);
    const path = `/api/${file.replace(/\.ts$/, '')}`;
    for (const method of methods.has('ALL') ? ALL_METHODS : methods) found.push([path, method]);
  }
  return found;
}

/** Rows that may move on any answer: counters, logs, and what the periodic jobs keep. */
const MAY_MOVE = new Set<TableName>(['rate_limit_counters', 'auth_events', 'page_events', 'job_leases']);

const app = useServer({ trustProxy: true });

describe('every endpoint, fuzzed', () => {
  const routes = endpoints();
  let members: TestMember[];
  let tables: TableName[];

  beforeAll(async () => {
    members = [await app.make.member(), await app.make.member({ site: DEMO.curvy })];
    tables = (await app.db.introspection.getTables())
      .map((t) => t.name as TableName)
      .filter((t) => !MAY_MOVE.has(t) && !t.startsWith('kysely_'));
  });

  /**
   * The event stream stays open by design: what it answers is its status and first bytes (the
   * opening of a stream, or a refusal in full).
   */
  async function firstBytesOfStream(
    path: string,
    host: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    const sse = await openSse(app.server.baseUrl, path, { host, headers });
    try {
      await sse.waitFor(() => sse.text().length > 0, 10_000);
      return { status: sse.status, body: sse.text() };
    } finally {
      sse.close();
    }
  }

  /** Rows per table: cheap enough to take around every request. */
  async function fingerprint(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = await app.inspect.count(table, []);
    return counts;
  }

  it('reads the list of endpoints from the folder', () => {
    expect(routes.length).toBeGreaterThanOrEqual(16);
    expect(routes).toContainEqual(['/api/logout.php', 'POST']);
    expect(routes).toContainEqual(['/api/user.php', 'PUT']);
  });

  it('never answers 5xx or a stack trace, and changes nothing when it answers an error', async () => {
    const text = fc.string({ maxLength: 40 });
    const headerText = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
    const scalar = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('', '0', '-1', 'true', '1990-05-17', 'https://127.0.0.1/x', '<script>', "' or 1=1 --"),
    );
    // Field names the endpoints read, and some they do not.
    const key = fc.oneof(
      fc.constantFrom(
        'email',
        'password',
        'password_repeat',
        'old_password',
        'name',
        'date_of_birth',
        'token',
        'language',
        'time_zone',
        'dismissed',
        'invisible',
        'private',
        'disabled',
        'reason',
        'comment',
        'category',
        'text',
        'profile',
        'subscription',
        'page',
        'ms',
        'gender',
        'seeking',
        'invite',
        'signup_message',
        'id',
        'domain',
        'push',
        'do',
        'provider',
        '__proto__',
        'constructor',
      ),
      text,
    );
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(key, tie('v'), { maxKeys: 4 }),
      ),
    })).v;
    const body = fc.oneof(
      fc.constant(undefined),
      fc.dictionary(key, value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
      fc.json(),
      text,
      fc.constantFrom(
        '{',
        '{"email":',
        '[]',
        'null',
        '"x"',
        '{"subscription":{"endpoint":"https://10.0.0.1/"}}',
      ),
      fc.integer({ min: 0, max: 40_000 }).map((n) => JSON.stringify({ text: 'x'.repeat(n) })),
    );
    const query = fc
      .array(fc.tuple(key, fc.oneof(text, scalar.map(String))), { maxLength: 4 })
      .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
    const fields = {
      route: fc.constantFrom(...routes),
      query,
      body,
      who: fc.constantFrom('visitor', 'member', 'curvy-member', 'forged'),
      host: fc.constantFrom(DEMO.amber.host, DEMO.curvy.host, DEMO.rainbow.host),
      contentType: fc.constantFrom(
        undefined,
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'garbage',
      ),
      origin: fc.constantFrom(undefined, 'own', 'http://evil.example', 'null', 'not a url'),
      extra: fc.dictionary(
        fc.constantFrom(
          'x-locale',
          'accept-language',
          'x-forwarded-for',
          'x-forwarded-proto',
          'x-country-code',
          'sec-fetch-site',
          'sec-fetch-mode',
          'referer',
          'last-event-id',
          'accept-encoding',
          'x-client-request',
          'if-none-match',
          'range',
        ),
        headerText,
        { maxKeys: 4 },
      ),
    };
    // Now and then the same valid push subscription from members of two networks: a key that is
    // unique in the wrong scope shows up as a 500 only when two networks meet.
    const sharedPush = JSON.stringify({
      subscription: {
        endpoint: 'https://push.example.net/fuzz/shared',
        keys: { p256dh: 'BPk', auth: 'aut' },
      },
    });
    const request = fc.oneof(
      { weight: 9, arbitrary: fc.record(fields) },
      {
        weight: 1,
        arbitrary: fc.record({
          ...fields,
          route: fc.constant(['/api/user.php', 'POST'] as [string, string]),
          query: fc.constant('?push=1'),
          body: fc.constant(sharedPush),
          who: fc.constantFrom('member', 'curvy-member'),
          host: fc.constant(DEMO.amber.host),
          contentType: fc.constant('application/json'),
          origin: fc.constantFrom(undefined, 'own'),
        }),
      },
    );

    let before = await fingerprint();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const [path, method] = r.route;
        const member = r.who === 'member' ? members[0] : r.who === 'curvy-member' ? members[1] : undefined;
        // A member's session counts on the member's own site only.
        const host =
          r.who === 'member' ? DEMO.amber.host : r.who === 'curvy-member' ? DEMO.curvy.host : r.host;
        const headers: Record<string, string> = { ...r.extra };
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.origin) headers.origin = r.origin === 'own' ? `http://${host}` : r.origin;
        if (member) {
          // A fresh session each time: an earlier request may have logged the member out.
          headers.cookie = (await app.make.session(member)).cookie;
          before = await fingerprint();
        }
        if (r.who === 'forged') headers.cookie = `session=${'A'.repeat(43)}; locale=xx`;
        const res =
          path === '/api/events.php' && method === 'GET'
            ? await firstBytesOfStream(path + r.query, host, headers)
            : await app.request(path + r.query, {
                host,
                method,
                headers,
                // GET and HEAD carry no body.
                ...(method === 'GET' || r.body === undefined ? {} : { body: r.body }),
                timeoutMs: 10_000,
              });
        sent++;
        const label = `${method} ${path}${r.query} → ${res.status}: ${res.body.slice(0, 300)}`;
        expect(res.status, label).toBeLessThan(500);
        expect(res.body, label).not.toMatch(/\n\s+at \S+|\bat .*\.(?:m?js|ts):\d+:\d+|node_modules\//);
        const after = await fingerprint();
        if (res.status >= 400) expect(after, label).toEqual(before);
        before = after;
      }),
      { numRuns: 300, endOnFailure: true, interruptAfterTimeLimit: 50_000 },
    );
    expect(sent).toBeGreaterThan(100);
    // The shared push subscription was saved on both networks (the case above is exercised).
    expect(
      await app.inspect.count('push_subscriptions', { endpoint: 'https://push.example.net/fuzz/shared' }),
    ).toBe(2);
  }, 90_000);
});
