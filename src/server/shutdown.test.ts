import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log.ts';
import { Drain, drainingHandler, shutDown } from './shutdown.ts';

describe('Drain', () => {
  it('begins at the first signal and exits at the next', () => {
    const drain = new Drain();
    expect(drain.draining).toBe(false);
    expect(drain.signal()).toBe('begin');
    expect(drain.draining).toBe(true);
    expect(drain.signal()).toBe('exit');
    expect(drain.signal()).toBe('exit');
  });

  it('is idle once every request started has ended', async () => {
    const drain = new Drain();
    await drain.idle();
    drain.requestStarted();
    drain.requestStarted();
    let idle = false;
    const waiting = drain.idle().then(() => (idle = true));
    drain.requestEnded();
    await Promise.resolve();
    expect(idle).toBe(false);
    expect(drain.inFlight).toBe(1);
    drain.requestEnded();
    await waiting;
    expect(idle).toBe(true);
    drain.requestEnded();
    expect(drain.inFlight).toBe(0);
  });
});

/** A server whose `/slow` answers once `finish` is called. */
async function slowServer(drain: Drain) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const server: http.Server = http.createServer(
    drainingHandler(
      drain,
      () => server,
      (req, res) => {
        if (req.url === '/slow') void finished.then(() => res.end('slow done'));
        else res.end('quick');
      },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, finish };
}

function get(path: string) {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
}

describe('drainingHandler', () => {
  it('answers the request in flight and a 503 with Connection: close to the next one on its connection', async () => {
    const drain = new Drain();
    const { server, port, finish } = await slowServer(drain);
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(get('/slow')));
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
        socket.on('error', reject);
        socket.on('close', () => resolve(received));
        setTimeout(() => {
          expect(drain.inFlight).toBe(1);
          drain.signal();
          // The next request on the kept-alive connection arrives while the stop has begun.
          socket.write(get('/quick'));
          setTimeout(finish, 50);
        }, 50);
      });
      const answers = text.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
      expect(answers[0]).toContain('slow done');
      expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
      expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
      expect(answers[1]).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(drain.inFlight).toBe(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('shuts down: refuses new connections, waits for the request in flight, stops the jobs, closes', async () => {
    const drain = new Drain();
    const { server, port, finish } = await slowServer(drain);
    const lines: string[] = [];
    const steps: string[] = [];
    const answer = fetch(`http://127.0.0.1:${port}/slow`).then((res) => res.text());
    await new Promise((r) => setTimeout(r, 50));
    drain.signal();
    const done = shutDown(
      {
        server,
        drain,
        timeoutMs: 2_000,
        log: createLogger('info', (line) => lines.push(line)),
        endEventStreams: () => 0,
        stopJobs: async (timeoutMs) => void steps.push(`jobs ${timeoutMs}`),
        close: async () => void steps.push('close'),
      },
      'SIGTERM',
    );
    await expect(fetch(`http://127.0.0.1:${port}/quick`)).rejects.toThrow();
    finish();
    expect(await answer).toBe('slow done');
    expect(await done).toBe(0);
    expect(steps).toEqual(['jobs 2000', 'close']);
    expect(lines.map((line) => line.replace(/^\S+ \S+ +/, ''))).toEqual([
      'shutdown: SIGTERM: no new connections; 1 requests in flight {"timeoutSeconds":2}',
      'shutdown: 0 event streams ended',
      'shutdown: job runner stopped',
      'shutdown: requests in flight finished',
      'shutdown: connections closed; exiting',
    ]);
  });
});
