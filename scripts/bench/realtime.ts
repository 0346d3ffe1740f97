/**
 * `npm run bench -- --only realtime`: the event stream under load, side by side with a bare
 * `node:http` server that broadcasts the same events (scripts/bench/raw-sse-server.ts).
 *
 * - send → receive: `clients` streams of one member stay open on each server; each send (on the
 *   app a like by another member through `POST /api/like.php`, on the floor a POST of the same
 *   JSON) is timed from just before the request until each stream has the event; p50 and p99
 *   over every stream and send, in rounds that alternate the two servers. Target p99 ≤ 50 ms.
 * - memory per idle stream: the server's RSS growth while `clients` idle streams open, divided by
 *   them, for a first batch (after 50 warm-up streams) and for a second batch on top of it, each
 *   read `settle` seconds after its last stream opened. The first also carries the process's
 *   one-time growth; the second is the cost of one more stream. Target ≤ 20 KB. Opening a
 *   thousand streams at once grows V8's young generation, and its memory goes back only when
 *   the process has been quiet for several seconds: the default 3 s counts part of it per
 *   stream (docs/performance.md, "Realtime"). So the same batches are opened once more and
 *   each server's JavaScript heap is read after a full collection (through its inspector):
 *   steadier, though it leaves out what a socket keeps outside the heap.
 * - send throughput: chat texts per second through `POST /api/chat.php`, sent by wrk over
 *   `concurrency` kept-alive connections (each text paid from the ledger and published), against
 *   rows per second inserted into `messages` directly with the app's SQLite pragmas, one
 *   autocommit insert each. Target ≥ 25 %. Beside the rates, the CPU time each costs (the
 *   server process's per send, the benchmark's per insert): on a shared machine the rates follow
 *   whatever else runs, the CPU times much less.
 *
 * Run on the built server (`npm run build` first); about a minute at the defaults. With
 * `--profile DIR` the server writes a CPU profile of the send run into DIR (cpu-profile.ts).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { createDatabase } from '../../src/db/client.ts';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../../src/db/sqlite-checkpointer.ts';
import { factories, type TestMember, type TestSession } from '../../tests/support/factories.ts';
import { post, startUnpacedApp } from './app.ts';
import { aloneArgs, percentile, ROUND_OPTIONS } from './stats.ts';
import { runWrk } from './wrk.ts';
import { freePortIn, REPO_ROOT } from './nginx.ts';

const PORTS = { first: 5450, last: 5499 };
/** Each server's inspector, through which its heap is read after a full collection. */
const INSPECTOR_PORTS = { first: 5500, last: 5540 };

export interface RealtimeArgs {
  clients: number;
  sends: number;
  rounds: number;
  seconds: number;
  concurrency: number;
  dist: string;
  /** A folder for a CPU profile of the server over the send run; empty: none. */
  profile: string;
  /** Seconds each batch of idle streams is left before RSS is read. */
  settle: number;
}

export function parseRealtimeArgs(argv: string[]): RealtimeArgs {
  return aloneArgs(argv, 'realtime', {
    ...ROUND_OPTIONS,
    clients: { type: 'string', default: '1000' },
    sends: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    profile: { type: 'string', default: '' },
    settle: { type: 'string', default: '3' },
  });
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

/**
 * CPU time a process has used so far (user and system, all its threads), in milliseconds: what
 * a send costs the server whatever else the machine runs, unlike a rate, which follows the load.
 */
function cpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times (100 on every common kernel). */
const CLOCK_TICKS = 100;

/**
 * The server's JavaScript heap in use after a full garbage collection, read through its inspector
 * (`--inspect`): unlike RSS, it does not follow how much of the young generation V8 keeps.
 */
async function heapAfterCollection(inspectorPort: number): Promise<number> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: unknown } } }>((resolve) => {
      const id = ++nextId;
      socket.addEventListener('message', function answered(message) {
        const reply = JSON.parse(String(message.data)) as {
          id?: number;
          result?: { result?: { value?: unknown } };
        };
        if (reply.id !== id) return;
        socket.removeEventListener('message', answered);
        resolve(reply);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const reply = await call('Runtime.evaluate', {
      expression: 'process.memoryUsage().heapUsed',
      returnByValue: true,
    });
    return Number(reply.result?.result?.value);
  } finally {
    socket.close();
  }
}

/** The server's environment for a CPU profile on SIGUSR1/SIGUSR2 (cpu-profile.ts) into `dir`. */
function profilingEnv(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const preload = `--import=${join(REPO_ROOT, 'scripts', 'bench', 'cpu-profile.ts')}`;
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(),
    KINDRED_PROFILE_DIR: dir,
  };
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

/** wrk's Lua: a POST of a new chat text per request, each with a fresh client_id, senders in turn. */
function chatSendScript(senders: ReadonlyArray<TestSession>, profileId: string): string {
  const cookies = senders.map((s) => JSON.stringify(s.cookie)).join(', ');
  return `local cookies = { ${cookies} }
local n = 0
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers["host"] = "localhost"
wrk.headers["origin"] = "http://localhost"
local run = tostring(os.time())
request = function()
  n = n + 1
  wrk.headers["cookie"] = cookies[(n % #cookies) + 1]
  local body = '{"profile":"${profileId}","type":"text","text":"Hello there","client_id":"wrk-' .. run .. '-' .. n .. '"}'
  return wrk.format(nil, nil, nil, body)
end
`;
}

/**
 * Rows per second inserted into `messages` of an existing conversation, one autocommit insert
 * each, with the pragmas the app opens SQLite with (src/db/client.ts).
 */
function rawInsertRate(file: string, seconds: number): number {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const template = db
    .prepare('select conversation_id, network_id, sender_profile_id from messages limit 1')
    .get() as {
    conversation_id: string;
    network_id: string;
    sender_profile_id: string;
  };
  const insert = db.prepare(
    `insert into messages (id, conversation_id, network_id, sender_profile_id, type, text, credits_spent, client_id, created_at)
     values (?, ?, ?, ?, 'text', 'Hello there', 1, ?, ?)`,
  );
  let rows = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const id = randomUUID();
    insert.run(id, template.conversation_id, template.network_id, template.sender_profile_id, id, Date.now());
    rows += 1;
  }
  db.close();
  return rows / seconds;
}

export async function runRealtimeBench(args: RealtimeArgs): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const load = [loadavg()[0]!.toFixed(2)];
  const inspectorPorts = { app: await freePortIn(INSPECTOR_PORTS), raw: 0 };
  inspectorPorts.raw = await freePortIn({ first: inspectorPorts.app + 1, last: INSPECTOR_PORTS.last });
  const inspect = (port: number) => `--inspect=127.0.0.1:${port}`;
  const profiling = args.profile ? profilingEnv(resolve(args.profile)) : undefined;
  const { work, dataDir, app } = await startUnpacedApp({
    bench: 'realtime',
    dist: args.dist,
    ports: PORTS,
    env: {
      EVENTS_STREAMS_PER_MEMBER: String(2 * args.clients + 60),
      ...profiling,
      NODE_OPTIONS:
        `${profiling?.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? ''} ${inspect(inspectorPorts.app)}`.trim(),
    },
  });
  const rawPort = await freePortIn(PORTS);
  const raw = spawn(
    process.execPath,
    [inspect(inspectorPorts.raw), join(REPO_ROOT, 'scripts', 'bench', 'raw-sse-server.ts'), String(rawPort)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // What the bare server says, but the inspector's banner.
  raw.stderr!.on('data', (chunk: Buffer) => {
    const said = chunk
      .toString('utf8')
      .split('\n')
      .filter((line) => line && !/^(Debugger listening|For help, see)/.test(line));
    if (said.length > 0) process.stderr.write(`${said.join('\n')}\n`);
  });
  await new Promise<void>((resolve) => raw.stdout!.once('data', () => resolve()));
  const handle = await createDatabase({ databaseUrl: '', dataDir });
  try {
    const make = factories(handle.db);
    const target = await make.loggedIn();
    await make.photo(target);
    const likers: Array<TestMember & TestSession> = [];
    for (let i = 0; i < args.sends * args.rounds + 1; i++) {
      const liker = await make.loggedIn();
      await make.photo(liker);
      likers.push(liker);
    }
    const appHeaders = { host: 'localhost', cookie: target.cookie };

    // Memory: RSS as idle streams open, in two batches of `clients` after a warm-up batch of 50.
    // The first batch also pays each process's one-time growth (heap reserved, code compiled);
    // the second is what one more idle stream costs a process that already holds many.
    const settle = () => new Promise((r) => setTimeout(r, args.settle * 1000));
    const openApp = () => openStream(app.port, '/api/events.php', appHeaders);
    const openRaw = () => openStream(rawPort, '/events', {});
    const warm = [...(await openStreams(50, openApp)), ...(await openStreams(50, openRaw))];
    await settle();
    const rss = () => ({ app: rssBytes(app.pid), raw: rssBytes(raw.pid!) });
    const before = rss();
    const appStreams = await openStreams(args.clients, openApp);
    const rawStreams = await openStreams(args.clients, openRaw);
    await settle();
    const after = rss();
    const more = [
      ...(await openStreams(args.clients, openApp)),
      ...(await openStreams(args.clients, openRaw)),
    ];
    await settle();
    const further = rss();
    for (const s of [...warm, ...more]) s.close();

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

    // Heap per idle stream, after a full collection: the same batches again, read the steady way.
    const heaps = () =>
      Promise.all([heapAfterCollection(inspectorPorts.app), heapAfterCollection(inspectorPorts.raw)]);
    const heapWarm = [...(await openStreams(50, openApp)), ...(await openStreams(50, openRaw))];
    const heapBefore = await heaps();
    const heapFirst = [
      ...(await openStreams(args.clients, openApp)),
      ...(await openStreams(args.clients, openRaw)),
    ];
    const heapAfter = await heaps();
    const heapNext = [
      ...(await openStreams(args.clients, openApp)),
      ...(await openStreams(args.clients, openRaw)),
    ];
    const heapFurther = await heaps();
    for (const s of [...heapWarm, ...heapFirst, ...heapNext]) s.close();

    // Send throughput: HTTP chat sends, then the raw insert rate, each for `seconds`.
    const senders: Array<TestMember & TestSession> = [];
    for (let i = 0; i < args.concurrency; i++) {
      const sender = await make.loggedIn();
      await make.photo(sender);
      await make.order(sender, { credits: 1_000_000 });
      await make.updateMember(sender, { paid_user: 1, credits: 1_000_000 });
      senders.push(sender);
    }
    const send = (sender: TestMember & TestSession) =>
      post(
        app.port,
        '/api/chat.php',
        JSON.stringify({
          profile: target.profileId,
          type: 'text',
          text: 'Hello there',
          client_id: randomUUID(),
        }),
        { host: 'localhost', cookie: sender.cookie, origin: 'http://localhost' },
      );
    for (const sender of senders) {
      const status = await send(sender);
      if (status >= 300) throw new Error(`a chat send answered ${status}`);
    }
    // wrk sends (a C client, as the member benchmark uses): a Node client on this 2-core machine
    // would take the core the server needs. Each request is a new text with its own client_id,
    // from the senders in turn.
    const script = join(work, 'chat-send.lua');
    writeFileSync(script, chatSendScript(senders, target.profileId));
    if (args.profile) process.kill(app.pid, 'SIGUSR1');
    const cpuBefore = cpuMs(app.pid);
    const sends = await runWrk({
      url: `http://127.0.0.1:${app.port}/api/chat.php`,
      script,
      connections: args.concurrency,
      threads: 1,
      seconds: args.seconds,
    });
    if (args.profile) process.kill(app.pid, 'SIGUSR2');
    const serverCpuPerSend = (cpuMs(app.pid) - cpuBefore) / (sends.requestsPerSecond * args.seconds);
    const refused = sends.non2xx + sends.socketErrors;
    const httpRate = sends.requestsPerSecond;
    const rawCpuBefore = process.cpuUsage();
    const rawRate = rawInsertRate(join(dataDir, 'kindred.sqlite'), args.seconds);
    const rawCpu = process.cpuUsage(rawCpuBefore);
    const rawCpuPerInsert = (rawCpu.user + rawCpu.system) / 1000 / (rawRate * args.seconds);
    load.push(loadavg()[0]!.toFixed(2));

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    out(`realtime: ${args.clients} streams per server, ${args.rounds} rounds × ${args.sends} sends`);
    out(`load average (1 min): ${load[0]} at the start, ${load[1]} at the end`);
    out(
      '| server | send → receive p50 | p99 | RSS per idle stream, first batch | RSS per idle stream, next batch | heap per idle stream after a full collection, first / next batch |',
    );
    out('| --- | --- | --- | --- | --- | --- |');
    const heapOf = (i: 0 | 1) =>
      `${kb((heapAfter[i] - heapBefore[i]) / args.clients)} / ${kb((heapFurther[i] - heapAfter[i]) / args.clients)}`;
    const perStreamOf = (which: 'app' | 'raw') => [
      (after[which] - before[which]) / args.clients,
      (further[which] - after[which]) / args.clients,
    ];
    const [appFirst, appNext] = perStreamOf('app');
    const [rawFirst, rawNext] = perStreamOf('raw');
    out(
      `| app (\`/api/events.php\`, like) | ${ms(percentile(latency.app, 50))} | ${ms(percentile(latency.app, 99))} | ${kb(appFirst!)} | ${kb(appNext!)} | ${heapOf(0)} |`,
    );
    out(
      `| bare \`node:http\` broadcast | ${ms(percentile(latency.raw, 50))} | ${ms(percentile(latency.raw, 99))} | ${kb(rawFirst!)} | ${kb(rawNext!)} | ${heapOf(1)} |`,
    );
    out('| sends | per second |');
    out('| --- | --- |');
    out(`| HTTP chat texts (\`POST /api/chat.php\`, ${args.concurrency} at once) | ${httpRate.toFixed(0)} |`);
    out(`| raw inserts into \`messages\`, same pragmas | ${rawRate.toFixed(0)} |`);
    out(
      `| CPU time per send (the server's, all threads) / per raw insert | ${(serverCpuPerSend * 1000).toFixed(0)} µs / ${(rawCpuPerInsert * 1000).toFixed(0)} µs |`,
    );
    if (refused) out(`(${refused} sends refused during the run)`);
    out(
      `send throughput: ${((httpRate / rawRate) * 100).toFixed(1)} % of the raw insert rate (target ≥ 25 %); by CPU time, ${((rawCpuPerInsert / serverCpuPerSend) * 100).toFixed(1)} %`,
    );
    const p99 = percentile(latency.app, 99);
    out(
      `targets: p99 ≤ 50 ms ${p99 <= 50 ? 'met' : 'missed'}; ≤ 20 KB per idle stream ${appNext! <= 20 * 1024 ? 'met' : 'missed'} (next batch)`,
    );
  } finally {
    await handle.destroy();
    raw.kill('SIGTERM');
    await app.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
