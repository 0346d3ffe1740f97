import http from 'node:http';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSse } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';

/*
 * A process stopped with SIGTERM (a rolling restart): the request in flight gets its whole
 * answer, a new connection is refused, the event stream ends cleanly, a job still running at the
 * timeout lets go of its lease before the process exits, and the exit is 0 within the timeout.
 *
 * The running job is real: `push.retry` (every 500 ms under the test clock) takes its lease and
 * then waits on `push_outbox`, which the test holds locked (PostgreSQL) until it has seen the
 * lease let go.
 */

const TIMEOUT_SECONDS = 2;
const app = useServer({
  database: 'postgres',
  clock: true,
  env: { SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) },
});

/** A POST whose body is sent in two halves: the request is in flight until the second. */
function slowPost(port: number, path: string, body: string) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: false,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  req.flushHeaders();
  return { finish: () => req.end(body.slice(half)), answer };
}

async function runningLease(name: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const row = await app.db
      .selectFrom('job_leases')
      .select('expires_at')
      .where('name', '=', name)
      .executeTakeFirst();
    // A finished run holds its lease for 450 ms under the test clock, a running one for 60 s.
    if (row && Number(row.expires_at) > Date.now() + 20_000) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not start a run`);
}

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the request in flight, ends the stream, lets go of the lease and exits 0', async () => {
    const member = await app.make.loggedIn();
    const sse = await openSse(app.server.baseUrl, '/api/events.php', { cookie: member.cookie });
    expect(sse.status).toBe(200);

    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = app.db.transaction().execute(async (trx) => {
      await sql`lock table push_outbox in access exclusive mode`.execute(trx);
      locked();
      await unlocked;
    });
    try {
      await isLocked;
      await runningLease('push.retry');

      const post = slowPost(
        app.server.port,
        '/api/user.php',
        JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
      );
      // The server has the request's head (so the request is in flight) before the signal.
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      app.server.signal('SIGTERM');
      await app.server.waitForOutput(/shutdown: SIGTERM: no new connections; 2 requests in flight/);

      await expect(app.request('/api/settings.php', { timeoutMs: 2_000 })).rejects.toThrow(/ECONNREFUSED/);

      await sse.waitForEnd(3_000);
      expect(sse.comments).toContain('server stopping, reconnect');

      post.finish();
      const answer = await post.answer;
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.parse(answer.body)).toHaveProperty('error');

      // Let go while the process still runs (the job is still waiting on the lock).
      await app.server.waitForOutput('its lease is let go', (TIMEOUT_SECONDS + 3) * 1000);
      const lease = await app.db
        .selectFrom('job_leases')
        .select('expires_at')
        .where('name', '=', 'push.retry')
        .executeTakeFirstOrThrow();
      expect(Number(lease.expires_at)).toBeLessThanOrEqual(Date.now());
      unlock();
      await holding;

      expect(await app.server.exited()).toBe(0);
      expect(Date.now() - signalled).toBeLessThan((TIMEOUT_SECONDS + 3) * 1000);
      const output = app.server.output();
      for (const phase of [
        'shutdown: 1 event streams ended',
        'shutdown: requests in flight finished',
        'shutdown: job runner stopped',
        'shutdown: connections closed; exiting',
      ])
        expect(output).toContain(phase);
    } finally {
      unlock();
      await holding.catch(() => {});
      sse.close();
    }
  }, 60_000);
});
