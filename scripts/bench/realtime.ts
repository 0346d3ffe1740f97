/**
 * `npm run bench -- --only realtime`: the event stream under load, side by side with a bare
 * `node:http` server that broadcasts the same events (scripts/bench/raw-sse-server.ts).
 *
 * - send → receive: `clients` streams of one member stay open on each server; each send (on the
 *   app a like by another member through `POST /api/like.php`, on the floor a POST of the same
 *   JSON) is timed from just before the request until each stream has the event; p50 and p99
 *   over every stream and send, in rounds that alternate the two servers. Target p99 ≤ 50 ms.
 * - memory per idle stream: the server's RSS after the streams are open and idle, minus its
 *   RSS before, divided by the streams. Target ≤ 20 KB.
 *
 * Run on the built server (`npm run build` first); about a minute at the defaults.
 */
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../../src/db/client.ts';
import { factories } from '../../tests/support/factories.ts';
import { copyBuild, startApp } from './app.ts';
import { freePortIn, REPO_ROOT } from './nginx.ts';

const PORTS = { first: 5450, last: 5499 };

export interface RealtimeArgs {
  clients: number;
  sends: number;
  rounds: number;
  dist: string;
}

export function parseRealtimeArgs(argv: string[]): RealtimeArgs {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--only' && a !== 'realtime' && a !== '--only=realtime'),
    options: {
      clients: { type: 'string', default: '1000' },
      sends: { type: 'string', default: '20' },
      rounds: { type: 'string', default: '5' },
      dist: { type: 'string', default: 'dist' },
    },
  });
  return {
    clients: Number(values.clients),
    sends: Number(values.sends),
    rounds: Number(values.rounds),
    dist: values.dist!,
  };
}

/** One open stream: counts the `like` events it has received and when each arrived. */
interface Stream {
  received: number[];
  close(): void;
}

function openStream(port: number, path: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      const stream: Stream = { received: [], close: () => req.destroy() };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          if (buffer.slice(0, end).includes('event: like')) stream.received.push(at);
          buffer = buffer.slice(end + 2);
        }
      });
      resolve(stream);
    });
    req.end();
  });
}

async function openStreams(count: number, open: () => Promise<Stream>): Promise<Stream[]> {
  const streams: Stream[] = [];
  while (streams.length < count) {
    const batch = Math.min(50, count - streams.length);
    streams.push(...(await Promise.all(Array.from({ length: batch }, open))));
  }
  return streams;
}

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

function post(port: number, path: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.end(body);
  });
}

/** Sends once and waits until every stream has one more event; answers each stream's latency. */
async function timedSend(streams: Stream[], send: () => Promise<number>): Promise<number[]> {
  const want = streams[0]!.received.length + 1;
  const started = performance.now();
  const status = await send();
  if (status >= 300) throw new Error(`send answered ${status}`);
  const deadline = Date.now() + 5_000;
  while (streams.some((s) => s.received.length < want)) {
    if (Date.now() > deadline) throw new Error('not every stream received the event within 5 s');
    await new Promise((r) => setTimeout(r, 1));
  }
  return streams.map((s) => s.received[want - 1]! - started);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runRealtimeBench(args: RealtimeArgs): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const work = mkdtempSync(join(tmpdir(), 'kindred-bench-realtime-'));
  const load = [loadavg()[0]!.toFixed(2)];
  const build = copyBuild(join(REPO_ROOT, args.dist), work);
  const dataDir = join(work, 'data');
  const app = await startApp({
    build,
    dataDir,
    ports: PORTS,
    env: { EVENTS_STREAMS_PER_MEMBER: String(args.clients + 10) },
  });
  const rawPort = await freePortIn(PORTS);
  const raw = spawn(
    process.execPath,
    [join(REPO_ROOT, 'scripts', 'bench', 'raw-sse-server.ts'), String(rawPort)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => raw.stdout!.once('data', () => resolve()));
  const handle = await createDatabase({ databaseUrl: '', dataDir });
  try {
    const make = factories(handle.db);
    const target = await make.loggedIn();
    await make.photo(target);
    const likers = [];
    for (let i = 0; i < args.sends * args.rounds + 1; i++) {
      const liker = await make.loggedIn();
      await make.photo(liker);
      likers.push(liker);
    }
    const appHeaders = { host: 'localhost', cookie: target.cookie };

    // Memory: RSS before and after the idle streams open (each server warmed by one stream).
    const warmApp = await openStream(app.port, '/api/events.php', appHeaders);
    const warmRaw = await openStream(rawPort, '/events', {});
    await new Promise((r) => setTimeout(r, 1_000));
    const before = { app: rssBytes(app.pid), raw: rssBytes(raw.pid!) };
    const appStreams = await openStreams(args.clients, () =>
      openStream(app.port, '/api/events.php', appHeaders),
    );
    const rawStreams = await openStreams(args.clients, () => openStream(rawPort, '/events', {}));
    await new Promise((r) => setTimeout(r, 3_000));
    const after = { app: rssBytes(app.pid), raw: rssBytes(raw.pid!) };
    warmApp.close();
    warmRaw.close();

    // Latency: rounds alternate which server goes first.
    const latency = { app: [] as number[], raw: [] as number[] };
    let next = 0;
    const sendApp = () => {
      const liker = likers[next++]!;
      return post(app.port, '/api/like.php', JSON.stringify({ profile: target.profileId }), {
        host: 'localhost',
        cookie: liker.cookie,
      });
    };
    const sendRaw = () => post(rawPort, '/send', JSON.stringify({ profile: target.profileId }), {});
    // One untimed send each: the first like compiles what later ones reuse.
    await timedSend(appStreams, sendApp);
    await timedSend(rawStreams, sendRaw);
    for (let round = 0; round < args.rounds; round++) {
      const order = round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
      for (const which of order) {
        for (let i = 0; i < args.sends; i++) {
          const got =
            which === 'app' ? await timedSend(appStreams, sendApp) : await timedSend(rawStreams, sendRaw);
          latency[which].push(...got);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
    for (const s of [...appStreams, ...rawStreams]) s.close();
    load.push(loadavg()[0]!.toFixed(2));

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    out(`realtime: ${args.clients} streams per server, ${args.rounds} rounds × ${args.sends} sends`);
    out(`load average (1 min): ${load[0]} at the start, ${load[1]} at the end`);
    out('| server | send → receive p50 | p99 | RSS growth per idle stream |');
    out('| --- | --- | --- | --- |');
    out(
      `| app (\`/api/events.php\`, like) | ${ms(percentile(latency.app, 50))} | ${ms(percentile(latency.app, 99))} | ${kb((after.app - before.app) / args.clients)} |`,
    );
    out(
      `| bare \`node:http\` broadcast | ${ms(percentile(latency.raw, 50))} | ${ms(percentile(latency.raw, 99))} | ${kb((after.raw - before.raw) / args.clients)} |`,
    );
    const p99 = percentile(latency.app, 99);
    const perStream = (after.app - before.app) / args.clients;
    out(
      `targets: p99 ≤ 50 ms ${p99 <= 50 ? 'met' : 'missed'}; ≤ 20 KB per idle stream ${perStream <= 20 * 1024 ? 'met' : 'missed'}`,
    );
  } finally {
    await handle.destroy();
    raw.kill('SIGTERM');
    await app.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
