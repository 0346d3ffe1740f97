/**
 * `npm run bench -- --only push`: how soon a message's web push leaves the server.
 *
 * `members` members (1,000 by default) each hold a push subscription at a local push service (a
 * `node:http` receiver in this process, allowed by PUSH_ALLOWED_ORIGINS as a test configuration
 * does) with P-256 keys of their own, and none holds an event stream, so every message to them is
 * pushed. Paying senders write to a random one of them through `POST /api/chat.php`, one send at
 * a time (a short pause between), then in bursts of `burst` sends at once; each send is timed from
 * just before its request until its push reaches the receiver: that is when it left the server
 * plus a loopback hop. p50, p99 and the maximum per phase. Target: p99 ≤ 1 s.
 *
 * Every push is decrypted (aes128gcm) and its text checked against the message, so a push that
 * arrives but could not be read counts as a failure, not as a fast send.
 *
 * Run on the built server (`npm run build` first); about a minute at the defaults.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createDatabase } from '../../src/db/client.ts';
import { factories, type TestMember, type TestSession } from '../../tests/support/factories.ts';
import { browserPushKeys } from '../../tests/support/web-push.ts';
import { post, startUnpacedApp } from './app.ts';
import { aloneArgs, percentile } from './stats.ts';

const PORTS = { first: 5500, last: 5549 };
const TARGET_P99_MS = 1_000;

export interface PushArgs {
  members: number;
  sends: number;
  burst: number;
  senders: number;
  dist: string;
}

export function parsePushArgs(argv: string[]): PushArgs {
  return aloneArgs(argv, 'push', {
    members: { type: 'string', default: '1000' },
    sends: { type: 'string', default: '200' },
    burst: { type: 'string', default: '20' },
    senders: { type: 'string', default: '10' },
    dist: { type: 'string', default: 'dist' },
  });
}

/** The local push service: answers 201 and hands each push to whoever waits for its endpoint. */
async function startReceiver() {
  const waiting = new Map<string, (push: { body: Buffer; at: number }) => void>();
  let unexpected = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(201).end();
      const wake = waiting.get(req.url ?? '');
      if (wake) {
        waiting.delete(req.url!);
        wake({ body: Buffer.concat(chunks), at });
      } else unexpected += 1;
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    unexpected: () => unexpected,
    /** Resolves with the next push to `path`; rejects after `timeoutMs`. */
    next(path: string, timeoutMs = 10_000): Promise<{ body: Buffer; at: number }> {
      return new Promise((done, fail) => {
        const timer = setTimeout(() => {
          waiting.delete(path);
          fail(new Error(`no push to ${path} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(path, (push) => {
          clearTimeout(timer);
          done(push);
        });
      });
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export async function runPushBench(args: PushArgs): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const load = [loadavg()[0]!.toFixed(2)];
  const receiver = await startReceiver();
  const { work, dataDir, app } = await startUnpacedApp({
    bench: 'push',
    dist: args.dist,
    ports: PORTS,
    env: { PUSH_ALLOWED_ORIGINS: receiver.origin },
  });
  const handle = await createDatabase({ databaseUrl: '', dataDir });
  try {
    const make = factories(handle.db);
    // One browser's keys for every subscription: encrypting for each costs the server the same.
    const keys = browserPushKeys();
    const members: Array<{ profileId: string; path: string }> = [];
    const setupStarted = performance.now();
    for (let i = 0; i < args.members; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, args.members - i) }, async () => {
          const member = await make.member({ gender: 'female', seeking: 'male' });
          await make.photo(member);
          const path = `/push/${member.memberId}`;
          await handle.db
            .insertInto('push_subscriptions')
            .values({
              id: randomUUID(),
              member_id: member.memberId,
              network_id: member.network,
              site_id: member.siteId,
              endpoint: `${receiver.origin}${path}`,
              p256dh: keys.p256dh,
              auth: keys.auth,
              user_agent: 'bench',
              created_at: Date.now(),
              last_used_at: null,
            })
            .execute();
          return { profileId: member.profileId, path };
        }),
      );
      members.push(...batch);
    }
    const senders: Array<TestMember & TestSession> = [];
    for (let i = 0; i < args.senders; i++) {
      const sender = await make.loggedIn({ gender: 'male', seeking: 'female' });
      await make.photo(sender);
      await make.order(sender, { credits: 1_000_000 });
      await make.updateMember(sender, { paid_user: 1, credits: 1_000_000 });
      senders.push(sender);
    }
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    let sent = 0;
    let unreadable = 0;
    /** One message to a random member; answers send → push and answer → push, in ms. */
    const random = () => members[Math.floor(Math.random() * members.length)]!;
    const timedSend = async (to = random()): Promise<{ total: number; afterAnswer: number }> => {
      const sender = senders[sent++ % senders.length]!;
      const text = `bench ${sent} ${randomUUID()}`;
      const arrival = receiver.next(to.path);
      const started = performance.now();
      const status = await post(
        app.port,
        '/api/chat.php',
        JSON.stringify({ profile: to.profileId, type: 'text', text, client_id: randomUUID() }),
        { host: 'localhost', cookie: sender.cookie, origin: 'http://localhost' },
        agent,
      );
      const answered = performance.now();
      if (status !== 201) throw new Error(`a chat send answered ${status}`);
      const push = await arrival.catch(async (error: Error) => {
        const rows = await handle.db.selectFrom('push_outbox').select(['status', 'attempts']).execute();
        throw new Error(`${error.message}; outbox: ${JSON.stringify(rows.slice(-5))}\n${app.output()}`);
      });
      try {
        if ((JSON.parse(keys.decrypt(push.body)) as { body: string }).body !== text) unreadable += 1;
      } catch {
        unreadable += 1;
      }
      return { total: push.at - started, afterAnswer: push.at - answered };
    };

    // Untimed: the first sends compile what later ones reuse.
    for (let i = 0; i < 5; i++) await timedSend();
    const single: Array<{ total: number; afterAnswer: number }> = [];
    for (let i = 0; i < args.sends; i++) {
      single.push(await timedSend());
      await new Promise((r) => setTimeout(r, 10));
    }
    const bursts: Array<{ total: number; afterAnswer: number }> = [];
    for (let done = 0; done < args.sends; done += args.burst) {
      // Different members at once: each push is told apart by its endpoint.
      const chosen = new Set<(typeof members)[number]>();
      while (chosen.size < Math.min(args.burst, args.sends - done, members.length)) chosen.add(random());
      bursts.push(...(await Promise.all([...chosen].map((to) => timedSend(to)))));
      await new Promise((r) => setTimeout(r, 50));
    }
    load.push(loadavg()[0]!.toFixed(2));

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const row = (label: string, values: Array<{ total: number; afterAnswer: number }>) => {
      const totals = values.map((v) => v.total);
      const after = values.map((v) => v.afterAnswer);
      const p99 = percentile(totals, 99);
      out(
        `| ${label} | ${values.length} | ${ms(percentile(totals, 50))} | ${ms(p99)} | ${ms(Math.max(...totals))} | ${ms(percentile(after, 99))} | ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'} |`,
      );
    };
    out(
      `push: ${args.members} subscribed members (set up in ${setupSeconds.toFixed(0)} s), ${args.senders} senders`,
    );
    out(`load average (1 min): ${load[0]} at the start, ${load[1]} at the end`);
    out('| sends | count | send → push p50 | p99 | max | answer → push p99 | p99 ≤ 1 s |');
    out('| --- | --- | --- | --- | --- | --- | --- |');
    row('one at a time', single);
    row(`bursts of ${args.burst}`, bursts);
    out(
      `pushes unreadable or with the wrong text: ${unreadable}; pushes nobody waited for: ${receiver.unexpected()}`,
    );
    const failed =
      unreadable > 0 ||
      percentile(
        [...single, ...bursts].map((v) => v.total),
        99,
      ) > TARGET_P99_MS;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await handle.destroy();
    await app.stop();
    await receiver.close();
    agent.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}
