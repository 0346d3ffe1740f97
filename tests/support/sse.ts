import http from 'node:http';

/* A Server-Sent Events client for tests: node's http, a Host header, events as they arrive. */

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseClient {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** Every event received so far. */
  readonly events: SseEvent[];
  /** Every comment line received so far (`: heartbeat`). */
  readonly comments: string[];
  /** The raw text received so far. */
  text(): string;
  /** Whether the server ended the stream. */
  readonly ended: boolean;
  /** Resolves once the server ends the stream; rejects after `timeoutMs`. */
  waitForEnd(timeoutMs?: number): Promise<void>;
  /** Resolves with the events once `predicate` holds; rejects after `timeoutMs`. */
  waitFor(
    predicate: (events: SseEvent[], comments: string[]) => boolean,
    timeoutMs?: number,
  ): Promise<SseEvent[]>;
  close(): void;
}

export function openSse(
  baseUrl: string,
  path: string,
  options: { host?: string; cookie?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<SseClient> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      headers: {
        host: options.host ?? 'localhost',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
        ...options.headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let raw = '';
      let buffer = '';
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let ended = false;
      const endWaiters = new Set<() => void>();
      const markEnded = () => {
        ended = true;
        for (const wake of endWaiters) wake();
      };
      res.on('end', markEnded);
      res.on('close', markEnded);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { id: null, event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              event.data = line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) events.push(event);
        }
        for (const wake of waiters) wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        text: () => raw,
        get ended() {
          return ended;
        },
        waitForEnd(timeoutMs = 5_000) {
          return new Promise((done, fail) => {
            if (ended) return done();
            const timer = setTimeout(() => {
              endWaiters.delete(wake);
              fail(new Error(`the stream did not end within ${timeoutMs} ms; got: ${raw}`));
            }, timeoutMs);
            const wake = () => {
              clearTimeout(timer);
              endWaiters.delete(wake);
              done();
            };
            endWaiters.add(wake);
          });
        },
        waitFor(predicate, timeoutMs = 5_000) {
          return new Promise((done, fail) => {
            const check = () => {
              if (predicate(events, comments)) {
                waiters.delete(check);
                clearTimeout(timer);
                done(events);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such events within ${timeoutMs} ms; got: ${raw}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.end();
  });
}
