import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PORTS, freePortIn, startNginx, type RunningNginx } from '../../scripts/bench/nginx.ts';
import { startMollieFake, type MollieFake } from '../support/mollie-fake.ts';
import {
  callMollieWebhook,
  mollieEnv,
  orderStarterBundle,
  paymentOfOrder,
} from '../support/mollie-server.ts';
import { mailsTo } from '../support/outbox.ts';
import { postgresAvailable, withPostgresDatabase } from '../support/postgres.ts';
import { withRedis, type TestRedis } from '../support/redis.ts';
import { DEMO, requestTo, startServer, tenantsFolder, type TestServer } from '../support/server.ts';
import { openSse } from '../support/sse.ts';
import { useServer, type ServerUnderTest } from '../support/use-server.ts';
import { Visitor } from '../support/visitor.ts';
import { nginxBinary } from '../support/nginx.ts';
import { DAY, MINUTE, currentUser, linkIn, login, signUp, type ErrorBody } from './accounts-helpers.ts';
import { publicCurvyMembers } from '../support/lander-members.ts';
import { eventually } from '../support/polling.ts';
import { payingMember, sendText, shownMember } from './chat-support.ts';

/*
 * Two app processes behind the shipped nginx configuration (deploy/nginx/kindred.conf, round
 * robin), as an installation runs them: one PostgreSQL database, one Redis (REDIS_URL), one
 * DATA_DIR (the generated secret, the outbox, uploads) and one tenants folder. Every request to
 * nginx lands on whichever process nginx picks; each process names itself in `X-Served-By`
 * (SERVED_BY), so the tests prove both took part. Some steps go to one process on purpose.
 */

const hasPostgres = await postgresAvailable();
const ffmpeg = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((path) => existsSync(path));
const skip = !nginxBinary || !hasPostgres;
if (skip) {
  console.warn(
    `multiprocess.test.ts skipped: ${nginxBinary ? '' : 'nginx is not installed (apt-get install nginx); '}` +
      `${hasPostgres ? '' : 'no PostgreSQL (none answers on 127.0.0.1:5432, no binaries to start one)'}`,
  );
}

describe.skipIf(skip)('two processes behind nginx (PostgreSQL, Redis, one DATA_DIR)', () => {
  let redis: TestRedis;
  let mollie: MollieFake;
  let nginxPort: number;
  let shared: Record<string, string>;
  let nginx: RunningNginx;
  let second: TestServer;

  const first = useServer({
    database: 'postgres',
    clock: true,
    trustProxy: true,
    privateTenants: true,
    env: async () => {
      [redis, mollie, nginxPort] = await Promise.all([
        withRedis(),
        startMollieFake(),
        freePortIn(NGINX_PORTS),
      ]);
      shared = {
        REDIS_URL: redis.url,
        PUBLIC_PORT: String(nginxPort),
        ...mollieEnv(mollie),
        // Both make lander clips (the test of one encode between them).
        ...(ffmpeg && { FFMPEG_PATH: ffmpeg }),
      };
      return { ...shared, SERVED_BY: 'a' };
    },
  });

  beforeAll(async () => {
    // The same root: the same DATA_DIR and tenants folder, and no APP_SECRET (the generated one).
    second = await startServer({
      tenants: first.tenants,
      env: {
        ...shared,
        SERVED_BY: 'b',
        KINDRED_TEST_CLOCK: '1',
        TRUST_PROXY: '1',
        DATABASE_URL: first.server.databaseUrl,
      },
    });
    nginx = await startNginx({
      port: nginxPort,
      upstreamPorts: [first.server.port, second.port],
      workerProcesses: 1,
    });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await second?.stop();
    await mollie?.close();
    await redis?.stop();
  });

  /** nginx, as the tests' helpers meet a server: requests to its port, the shared DATA_DIR. */
  function front(): TestServer {
    return {
      ...first.server,
      port: nginx.port,
      baseUrl: `http://127.0.0.1:${nginx.port}`,
      request: (path, options) => requestTo(nginx.port, path, options),
    };
  }

  /** The helpers' app, with its requests going to `server` (nginx, or one process). */
  function through(server: TestServer): ServerUnderTest {
    return Object.create(first, {
      server: { get: () => server },
      request: { value: server.request },
      visitor: { value: (host?: string, ip?: string) => new Visitor(server, host, ip) },
    }) as ServerUnderTest;
  }

  const servedBy = (res: { headers: Record<string, unknown> }) => res.headers['x-served-by'] as string;
  const cacheState = (res: { headers: Record<string, unknown> }) => res.headers['x-astro-cache'];

  it('spreads consecutive requests over both processes in turn', async () => {
    const names: string[] = [];
    for (let i = 0; i < 6; i++) names.push(servedBy(await front().request('/api/settings.php')));
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
    for (let i = 1; i < names.length; i++) expect(names[i]).not.toBe(names[i - 1]);
  });

  it('signs a member up and activates the account from the e-mailed link, whichever process answers', async () => {
    const visitor = new Visitor(front());
    const seen = new Set<string>();
    const { user } = await signUp(visitor);
    const mails = mailsTo(first.server.dataDir, user.email);
    expect(mails).toHaveLength(1);
    const link = linkIn(mails[0]!, '/api/activate.php');
    // The link names nginx, not a process.
    expect(link.url.port).toBe(String(nginx.port));
    const activated = await new Visitor(front()).get(link.pathAndQuery);
    expect(activated.status).toBe(302);
    expect(activated.headers.location).toBe('/activate/done');
    seen.add(servedBy(activated));
    // The session of the signup holds on both processes.
    for (let i = 0; i < 2; i++) {
      const res = await visitor.get('/api/user.php', { 'x-client-request': '1' });
      seen.add(servedBy(res));
      expect(res.json<{ user: { status: string } }>().user.status).toBe('active');
    }
    expect(seen).toEqual(new Set(['a', 'b']));
  });

  it('locks an account whose wrong passwords were split across the processes, on both', async () => {
    const member = await first.make.member();
    const guesser = new Visitor(front());
    const judgedBy: string[] = [];
    let last = await login(guesser, member.email, 'wrong guess 0');
    judgedBy.push(servedBy(last));
    for (let i = 1; i < 5 && last.status === 401; i++) {
      last = await login(guesser, member.email, `wrong guess ${i}`);
      judgedBy.push(servedBy(last));
    }
    // Five wrong passwords lock the account (a process counting alone would have seen three).
    expect(judgedBy).toHaveLength(5);
    expect(new Set(judgedBy)).toEqual(new Set(['a', 'b']));
    const refusedBy = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const right = await login(guesser, member.email, member.password);
      refusedBy.add(servedBy(right));
      expect(right.json<ErrorBody>().error).toBe('account_locked');
    }
    expect(refusedBy).toEqual(new Set(['a', 'b']));
  });

  it('delivers a message sent through one process to a stream held by the other', async () => {
    const sender = await payingMember(first, 100);
    const receiver = await shownMember(first);
    const stream = await openSse(first.server.baseUrl, '/api/events.php', { cookie: receiver.cookie });
    try {
      expect(stream.status).toBe(200);
      expect(servedBy(stream)).toBe('a');
      await stream.waitFor((_e, comments) => comments.includes('open'));
      const sent = await sendText(through(second), sender, receiver, 'Across the processes');
      expect(sent.status, sent.body).toBe(201);
      expect(servedBy(sent)).toBe('b');
      const [message] = await stream.waitFor((events) => events.some((e) => e.event === 'message'));
      expect(JSON.parse(message!.data)).toMatchObject({ message: { text: 'Across the processes' } });
    } finally {
      stream.close();
    }
  });

  it('streams events through nginx as they come', async () => {
    const liker = await shownMember(first);
    const liked = await shownMember(first);
    const stream = await openSse(front().baseUrl, '/api/events.php', { cookie: liked.cookie });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((_e, comments) => comments.includes('open'));
      // Through the process that does not hold the stream.
      const other = servedBy(stream) === 'a' ? through(second) : first;
      const res = await other.request('/api/like.php', {
        method: 'POST',
        headers: { cookie: liker.cookie },
        body: { profile: liked.profileId },
      });
      expect(res.status, res.body).toBeLessThan(300);
      const [like] = await stream.waitFor((events) => events.some((e) => e.event === 'like'), 3_000);
      expect(JSON.parse(like!.data)).toEqual({ profile: liker.profileId });
    } finally {
      stream.close();
    }
  });

  it('books a payment whose webhook one process handled, and the other shows the balance', async () => {
    const member = await first.make.loggedIn({ country: 'NL' });
    const ordered = await orderStarterBundle(first, member);
    expect(ordered.status, ordered.body).toBe(201);
    const { order } = ordered.json<{ order: { payment_id: string; credits: number } }>();
    const payment = paymentOfOrder(mollie, order.payment_id);
    // Mollie calls the webhook on the address it was given: nginx's.
    expect(payment.webhookUrl).toContain(`:${nginx.port}/api/payment-webhook.php`);
    mollie.settle(payment.id, 'paid');
    const hook = await callMollieWebhook(first, payment.id);
    expect(hook.status).toBe(200);
    expect(servedBy(hook)).toBe('a');
    const user = await second.request('/api/user.php', {
      headers: { cookie: member.cookie, 'x-client-request': '1' },
    });
    expect(servedBy(user)).toBe('b');
    expect(user.json<{ user: { credits: number } }>().user.credits).toBe(order.credits);
  });

  /** Has each process cache `path` (a second request is a HIT there); answers the two processes. */
  async function cachedOnBoth(path: string) {
    const processes = [first.server, second];
    for (const server of processes) {
      await server.request(path);
      expect(cacheState(await server.request(path))).toBe('HIT');
    }
    return processes;
  }

  it('drops the cached pages on both processes when a tenant file changes', async () => {
    const path = '/landers/alonetonight';
    const processes = await cachedOnBoth(path);
    const file = JSON.parse(first.tenants.read('localhost.json')) as Record<string, unknown>;
    first.tenants.write('localhost.json', { ...file, name: 'Amber Hearts Everywhere' });
    for (const server of processes) {
      const renamed = await eventually(
        () => server.request(path),
        (res) => res.body.includes('Amber Hearts Everywhere'),
      );
      expect(cacheState(renamed)).toBe('MISS');
    }
  });

  it('drops the cached pages on both processes when a member leaves the public pages', async () => {
    const path = '/landers/gallery/leaving';
    await cachedOnBoth(path);
    const member = await first.make.loggedIn();
    const res = await first.request('/api/account.php', {
      method: 'DELETE',
      headers: { cookie: member.cookie },
      body: { password: member.password, reason: 'found_partner' },
    });
    expect(res.status, res.body).toBe(200);
    expect(servedBy(res)).toBe('a');
    expect(cacheState(await first.server.request(path))).toBe('MISS');
    // The other process was told; it drops its copy within moments, not at the minute's end.
    await eventually(
      () => second.request(path),
      (answer) => cacheState(answer) === 'MISS',
      2_000,
    );
  });

  it('runs a periodic job once, though both processes run the jobs', async () => {
    const visitor = new Visitor(front(), DEMO.amber.host);
    const { user } = await signUp(visitor);
    await first.make.updateMember({ memberId: user.id, network: DEMO.amber.network }, { time_zone: 'UTC' });
    // Noon the next day: the activation reminder is due, outside any quiet hours.
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    const offset = noon.getTime() + DAY + 5 * MINUTE - Date.now() + (noon.getTime() < Date.now() ? DAY : 0);
    try {
      first.setClock(offset);
      const reminders = () =>
        mailsTo(first.server.dataDir, user.email).filter((m) => /Please confirm/.test(m.subject));
      await eventually(
        async () => reminders().length,
        (count) => count > 0,
        15_000,
      );
      // Several runs of both processes' job runners (every 500 ms under the test clock).
      await new Promise((r) => setTimeout(r, 2_500));
      expect(reminders()).toHaveLength(1);
      const leases = await first.db.selectFrom('job_leases').select(['name', 'holder']).execute();
      expect(leases.map((l) => l.name)).toContain('notification-mail.reminders');
    } finally {
      first.setClock(0);
    }
  });

  it.skipIf(!ffmpeg)(
    'encodes a lander clip on one process when both are asked for it at once',
    async () => {
      const { dataDir } = first.server;
      const source = join(dataDir, 'clip-source.webp');
      const made = spawnSync(ffmpeg!, [
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=orange:s=480x480',
        '-frames:v',
        '1',
        source,
      ]);
      expect(made.status, String(made.stderr)).toBe(0);
      // Kurvenreich's only public members, their photos an image ffmpeg reads.
      for (const { files } of await publicCurvyMembers(first.make, dataDir)) {
        copyFileSync(source, join(dataDir, 'uploads', files[0]!));
      }
      const pages = await Promise.all(
        [first.server, second].map((server) =>
          server.request('/de/landers/video', { host: DEMO.curvy.host }),
        ),
      );
      expect(pages.map((page) => page.status)).toEqual([200, 200]);
      const dir = join(dataDir, 'media', 'landers', DEMO.curvy.id);
      const names = () => (existsSync(dir) ? readdirSync(dir) : []);
      // Made, and no process still at work on one (each works in a `.work-<pid>` folder).
      await eventually(
        async () => names(),
        (now) => now.includes('manifest.json') && !now.some((name) => name.startsWith('.work-')),
        60_000,
      );
      expect(names().filter((name) => name.startsWith('video-'))).toHaveLength(1);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { video: string };
      expect(names()).toContain(manifest.video);
    },
    90_000,
  );

  it('left no error in either process’s log', async () => {
    expect(await currentUser(new Visitor(front()))).toBeNull();
    for (const server of [first.server, second]) expect(server.output()).not.toMatch(/ ERROR /);
  });
});

describe.skipIf(skip)('a fresh installation whose processes start together', () => {
  it('migrates one empty database once and shares one generated secret', async () => {
    const database = await withPostgresDatabase();
    const root = tenantsFolder();
    const env = { DATABASE_URL: database.url, SERVED_BY: 'x' };
    const started = await Promise.allSettled([
      startServer({ tenants: root, env }),
      startServer({ tenants: root, env }),
    ]);
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok']);
      // The push key pair is derived from the secret: one secret, one key, on both.
      const keys = await Promise.all(
        servers.map(async (server) => {
          const res = await server.request('/api/settings.php');
          return res.json<{ settings: { push_public_key: string } }>().settings.push_public_key;
        }),
      );
      expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      root.remove();
      await database.drop();
    }
  }, 60_000);
});
