import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, REPO_ROOT, type TestResponse } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { openSse } from '../support/sse.ts';
import { freshIp } from '../support/visitor.ts';

/*
 * ARCHITECTURE.md rule 11: every route passes the same request pipeline, fast paths included.
 * The route table is read from src/pages (a route added later is walked too), every page and
 * endpoint is asked once per method it exports, and the answers show that
 * - an ended session (logged out, or expired) is answered by every route as a visitor without a
 *   session is (so every member route refuses it the same way), and the stale cookie is cleared;
 * - a site whose tenant file is removed while the server runs is gone from every route at once:
 *   each answers the plain page of an unknown host, whoever asks.
 * The chat send is asked with a text the gateway takes for a live member, the event stream as a
 * browser opens it: both are answered before Astro's rendering when the session is live.
 */

const PAGES = join(REPO_ROOT, 'src', 'pages');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** A value for every route parameter: names nothing that exists. */
const SAMPLE = 'zz9plural';

interface Route {
  method: string;
  path: string;
  /** The source file, for messages. */
  file: string;
  body?: unknown;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Every route of src/pages with the methods its file answers. */
function routeTable(): Route[] {
  const routes: Route[] = [];
  for (const file of files(PAGES)) {
    const rel = relative(PAGES, file).split(sep).join('/');
    // Astro leaves `_`-prefixed files out of the routes.
    if (rel.split('/').some((part) => part.startsWith('_'))) continue;
    const isPage = rel.endsWith('.astro');
    if (!isPage && !/\.(ts|js)$/.test(rel)) continue;
    const path = `/${rel.replace(/\.(astro|ts|js)$/, '')}`
      .replace(/\/index$/, '/')
      .replace(/\[\.\.\.[^\]]+\]/g, SAMPLE)
      .replace(/\[[^\]]+\]/g, SAMPLE)
      .replace(/(.)\/$/, '$1');
    if (isPage) {
      routes.push({ method: 'GET', path, file: rel });
      continue;
    }
    const source = readFileSync(file, 'utf8');
    const exported = METHODS.filter((m) =>
      new RegExp(`export\\s+(const|async function|function)\\s+${m}\\b`).test(source),
    );
    const methods =
      exported.length > 0 ? exported : /export\s+const\s+ALL\b/.test(source) ? ['GET', 'POST'] : [];
    for (const method of methods)
      routes.push({ method, path, file: rel, ...(method !== 'GET' && { body: {} }) });
  }
  return routes;
}

const app = useServer({ privateTenants: true, trustProxy: true });

async function ask(
  route: Route,
  host: string,
  cookie?: string,
  extra: Record<string, string> = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...extra };
  if (route.path.startsWith('/api/')) headers['x-client-request'] = '1';
  if (cookie) headers.cookie = cookie;
  if (route.path === '/api/events.php') headers.accept = 'text/event-stream';
  return app.request(route.path, { host, method: route.method, headers, body: route.body, timeoutMs: 5_000 });
}

/** What a refusal consists of: status, where it sends the browser, the API's error code. */
function refusal(response: TestResponse): Record<string, unknown> {
  let error: unknown;
  if (/json/.test(String(response.headers['content-type']))) {
    try {
      error = response.json().error;
    } catch {
      error = 'not JSON';
    }
  }
  return { status: response.status, location: response.headers.location, error };
}

const clearsSession = (response: TestResponse) =>
  response.cookies.some((line) => /^session=/.test(line) && /max-age=0|expires=thu, 01 jan 1970/i.test(line));

/** Whether the answer refuses a visitor: `authentication_required` from the API, a redirect from a page. */
const refusesVisitor = (response: TestResponse) =>
  refusal(response).error === 'authentication_required' || (response.status >= 300 && response.status < 400);

describe('the route table', () => {
  const routes = routeTable();

  it('is read from src/pages and includes the fast paths', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/chat.php' }));
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/events.php' }));
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', path: '/settings' }));
  });

  // Some 150 routes, four or five requests each: 13 s on a quiet machine, past the suite's 30 s
  // when the machine is loaded many times over; hence its own time limit.
  it('answers an ended session on every route as a visitor, so every member route refuses it, and clears its cookie', async () => {
    const member = await app.make.loggedIn();
    const peer = await app.make.loggedIn();
    // The chat send the gateway takes for a live member; every other call gets an empty object.
    const send = {
      profile: peer.profileId,
      type: 'text',
      text: 'Hello there',
      client_id: 'route-table-0001',
    };
    const table = routes.map((route) =>
      route.method === 'POST' && route.path === '/api/chat.php' ? { ...route, body: send } : route,
    );
    const memberRoutes: Route[] = [];
    for (const route of table) {
      const visitor = await ask(route, DEMO.amber.host);
      if (refusesVisitor(visitor)) {
        // A fresh session for every call: a route may end the one it is given (logout).
        const cookie = (await app.make.session(member)).cookie;
        if (route.path === '/api/events.php') {
          // A live member's stream stays open: its opening is the answer.
          const stream = await openSse(app.server.baseUrl, route.path, { host: DEMO.amber.host, cookie });
          stream.close();
          if (stream.status === 200) memberRoutes.push(route);
        } else {
          const live = await ask(route, DEMO.amber.host, cookie);
          if (JSON.stringify(refusal(live)) !== JSON.stringify(refusal(visitor))) memberRoutes.push(route);
        }
      }

      const loggedOut = (await app.make.session(member)).cookie;
      const out = await app.request('/api/logout.php', {
        method: 'POST',
        headers: { cookie: loggedOut, 'x-forwarded-for': freshIp() },
      });
      expect(out.status, 'logout').toBeLessThan(400);
      const expired = (await app.make.session(member, { days: -1 })).cookie;
      for (const [name, cookie] of [
        ['logged out', loggedOut],
        ['expired', expired],
      ] as const) {
        const ended = await ask(route, DEMO.amber.host, cookie);
        expect(refusal(ended), `${route.method} ${route.path} (${route.file}), ${name}`).toEqual(
          refusal(visitor),
        );
        expect(clearsSession(ended), `${route.method} ${route.path}, ${name}: the cookie is cleared`).toBe(
          true,
        );
      }
    }
    const asked = memberRoutes.map((route) => `${route.method} ${route.path}`);
    // The member area is walked, fast paths included.
    expect(asked).toEqual(
      expect.arrayContaining([
        'GET /settings',
        'GET /chats',
        'GET /api/chats.php',
        'GET /api/likes.php',
        'POST /api/chat.php',
        'GET /api/events.php',
      ]),
    );
  }, 120_000);

  it('answers every route of a site removed from tenants/ as an unknown host, members and visitors alike', async () => {
    const rainbow = JSON.parse(app.tenants.read('rainbow.json')) as Record<string, unknown>;
    app.tenants.write('gone.json', {
      ...rainbow,
      id: 'gone',
      domains: ['gone.localhost'],
      name: 'Gone Tomorrow',
      network: 'gone',
    });
    const host = 'gone.localhost';
    const until = Date.now() + 5_000;
    while ((await app.request('/api/settings.php', { host })).status !== 200 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    const member = await app.make.loggedIn({ site: { id: 'gone', network: 'gone' } });
    const peer = await app.make.loggedIn({ site: { id: 'gone', network: 'gone' } });
    const live = await app.request('/api/user.php', {
      host,
      headers: { cookie: member.cookie, 'x-client-request': '1' },
    });
    expect(live.status, 'the member is logged in before the file goes').toBe(200);

    rmSync(join(app.tenants.dir, 'gone.json'));
    const unknown = await app.request('/', { host: 'nowhere.localhost' });
    expect(unknown.status).toBe(404);
    const goneUntil = Date.now() + 5_000;
    while ((await app.request('/api/settings.php', { host })).status !== 404 && Date.now() < goneUntil)
      await new Promise((r) => setTimeout(r, 50));

    const send = {
      profile: peer.profileId,
      type: 'text',
      text: 'Hello there',
      client_id: 'route-table-0002',
    };
    for (const route of routes) {
      const asked =
        route.method === 'POST' && route.path === '/api/chat.php' ? { ...route, body: send } : route;
      for (const cookie of [member.cookie, undefined]) {
        const answer = await ask(asked, host, cookie);
        const who = cookie ? 'member' : 'visitor';
        expect(answer.status, `${route.method} ${route.path} (${route.file}), ${who}`).toBe(404);
        expect(answer.body, `${route.method} ${route.path}, ${who}`).toBe(
          route.method === 'HEAD' ? '' : unknown.body,
        );
      }
    }
  });
});
