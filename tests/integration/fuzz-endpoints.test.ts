/**
 * Random requests to every endpoint of the built server: whatever the body, query and headers,
 * never a 5xx, never a stack trace, and an error answer changes no data (ARCHITECTURE "Bad
 * input changes no data"; rate-limit counters and the security and page logs may move).
 * Bad bytes in the query (NUL, CR/LF, invalid UTF-8, lone surrogates) go to every route of
 * `src/pages/`, pages included.
 *
 * The endpoints and their methods are read from `src/pages/api/`, and the pages from the whole
 * route table, so a new route is fuzzed without anyone listing it here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/db/database.ts';
import { TRACKING_PARAMS } from '../../src/features/tracking/tracking.params.ts';
import type { TestMember } from '../support/factories.ts';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { openSse } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';

const PAGES_DIR = join(REPO_ROOT, 'src', 'pages');
const API_DIR = join(PAGES_DIR, 'api');
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

/**
 * Every page of the route table (`src/pages/`, endpoints aside) as a path to GET: a parameter
 * (`[id]`, `[...slug]`) becomes a word, `index` its folder; files starting with `_` are no route,
 * and `/500`, the server error's own page, answers 500 by design.
 */
function pages(dir = PAGES_DIR): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.name.startsWith('_') || full === API_DIR) continue;
    if (entry.isDirectory()) {
      found.push(...pages(full));
      continue;
    }
    if (!/\.(astro|ts)$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const route = relative(PAGES_DIR, full)
      .replace(/\.(astro|ts)$/, '')
      .replace(/(^|\/)index$/, '')
      .replace(/\[\.\.\.[^\]]+\]/g, 'x/y')
      .replace(/\[[^\]]+\]/g, 'x');
    if (route !== '500') found.push(`/${route}`);
  }
  return found;
}

/**
 * The query parameters the routes read, found in the source (`searchParams.get('…')`), the
 * tracking parameters, and more.
 */
function queryKeys(dir = join(REPO_ROOT, 'src')): string[] {
  // The tracking step reads its parameters by a list, and answers a redirect built from the rest.
  const keys = new Set(['next', 'locale', 'token', 'page', 'id', 'q', 'last_event_id', 'order', 'ms']);
  for (const param of TRACKING_PARAMS) keys.add(param);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(astro|ts|tsx)$/.test(entry.name)) continue;
    const source = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const m of source.matchAll(/searchParams\.get\('([A-Za-z0-9_]+)'\)/g)) keys.add(m[1]!);
  }
  return [...keys];
}

/**
 * Bad bytes as a query value: percent-escaped NUL and CR/LF (a header splitter), invalid UTF-8
 * (a cut sequence, an overlong form, a lone byte), lone surrogates (encoded as UTF-8 would never
 * encode them, and as raw bytes: the client writes a path as Latin-1, one byte a character).
 */
const BAD_VALUES = [
  '%00',
  '/%00',
  '%0D%0A',
  '/x%0D%0ASet-Cookie:%20a=1',
  '%E0%A4%A',
  '/%E0%A4%A',
  '%C0%AF',
  '%FF',
  '%',
  '%ED%A0%80',
  '/%ED%B0%80x',
  '\xed\xa0\x80',
  '/\xed\xb0\x80',
  '%EF%BF%BD',
];

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

  it('reads the list of pages from the route table', () => {
    const routes = pages();
    expect(routes).toContain('/login');
    expect(routes).toContain('/members/x');
    expect(routes).toContain('/');
    expect(routes).toContain('/landers/x/x/y');
    expect(queryKeys()).toEqual(expect.arrayContaining(['next', 'token', 'discountcode']));
  });

  it('answers no 500 to bad bytes in the query of any route, page or endpoint', async () => {
    const keys = queryKeys();
    const targets: Array<[string, string]> = [
      ...pages().flatMap((path): Array<[string, string]> => [
        [path, 'GET'],
        [`/de${path === '/' ? '/' : path}`, 'GET'],
      ]),
      ...routes,
    ];
    const failures: string[] = [];
    for (const [path, method] of targets) {
      // A fresh session a route: an endpoint may end it (logout, a password change).
      const { cookie } = await app.make.session(members[0]!);
      for (const [i, bad] of BAD_VALUES.entries()) {
        // Every key at once, then each value with a valid locale beside `next` (the switcher's
        // link), so one parameter refused early does not hide the others.
        const queries = [
          keys.map((key) => `${key}=${bad}`).join('&'),
          `locale=de&next=${bad}&${keys[i % keys.length]}=${bad}`,
        ];
        for (const [j, query] of queries.entries()) {
          const headers: Record<string, string> = (i + j) % 2 === 0 ? { cookie } : {};
          const res =
            path === '/api/events.php'
              ? await firstBytesOfStream(`${path}?${query}`, DEMO.amber.host, headers)
              : await app.request(`${path}?${query}`, {
                  host: DEMO.amber.host,
                  method,
                  headers: method === 'GET' ? headers : { ...headers, origin: `http://${DEMO.amber.host}` },
                  timeoutMs: 10_000,
                });
          if (res.status >= 500 || /\n\s+at \S+|node_modules\//.test(res.body))
            failures.push(
              `${method} ${path}?${query} (${headers.cookie ? 'member' : 'visitor'}) → ${res.status}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

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
        endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-shared',
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
      await app.inspect.count('push_subscriptions', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-shared',
      }),
    ).toBe(2);
  }, 90_000);
});
