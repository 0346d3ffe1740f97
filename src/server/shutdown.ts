/**
 * The graceful stop of the built server on SIGTERM or SIGINT (a deploy's rolling restart): no new
 * connection, a 503 to a new request on a kept-alive one, the requests in flight finished, the
 * event streams ended (their clients reconnect with Last-Event-ID, through nginx to another
 * process), the job runner stopped with a running job's lease let go, the connections closed,
 * exit 0. A second signal exits at once.
 */
import type http from 'node:http';
import type { Logger } from './log.ts';

/** The server's state across the stop: serving, then draining; counts the requests in flight. */
export class Drain {
  #draining = false;
  #inFlight = 0;
  #idle = new Set<() => void>();

  get draining(): boolean {
    return this.#draining;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** A stop signal: `begin` the first time, `exit` at any later one. */
  signal(): 'begin' | 'exit' {
    if (this.#draining) return 'exit';
    this.#draining = true;
    return 'begin';
  }

  requestStarted(): void {
    this.#inFlight++;
  }

  requestEnded(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (this.#inFlight === 0) for (const wake of this.#idle) wake();
  }

  /** Resolves once no request is in flight. */
  idle(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.#idle.delete(wake);
        resolve();
      };
      this.#idle.add(wake);
    });
  }
}

/** A request that arrives on a kept-alive connection while draining: try another process. */
export function refuseWhileDraining(res: http.ServerResponse): void {
  res.writeHead(503, { connection: 'close', 'retry-after': '1', 'cache-control': 'no-store' });
  res.end();
}

/** Wraps the server's handler: refused while draining, else counted until its answer ends. */
export function drainingHandler(
  drain: Drain,
  server: () => http.Server | undefined,
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    if (drain.draining) {
      refuseWhileDraining(res);
      return;
    }
    drain.requestStarted();
    res.once('close', () => {
      drain.requestEnded();
      // Its keep-alive connection is idle once this answer is out: closed, so the client's
      // next request goes to a new connection (another process) instead of meeting a 503.
      if (drain.draining) setImmediate(() => server()?.closeIdleConnections());
    });
    handler(req, res);
  };
}

export interface ShutdownParts {
  server: http.Server;
  drain: Drain;
  timeoutMs: number;
  log: Logger;
  /** Ends the open event streams; answers how many. */
  endEventStreams(): number;
  /** Starts no job; a run still going after the timeout lets go of its lease. */
  stopJobs(timeoutMs: number): Promise<void>;
  /** Closes Redis and the databases. */
  close(): Promise<void>;
  exit?(code: number): void;
}

const sleep = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/** The stop itself, one log line per phase; resolves with the exit code. */
export async function shutDown(parts: ShutdownParts, signal: string): Promise<number> {
  const { server, drain, timeoutMs, log } = parts;
  const deadline = Date.now() + timeoutMs;
  server.close();
  server.closeIdleConnections();
  log.info(`shutdown: ${signal}: no new connections; ${drain.inFlight} requests in flight`, {
    timeoutSeconds: timeoutMs / 1000,
  });
  log.info(`shutdown: ${parts.endEventStreams()} event streams ended`);
  const jobs = parts
    .stopJobs(timeoutMs)
    .then(() => log.info('shutdown: job runner stopped'))
    .catch((error: Error) => log.warn('shutdown: the job runner did not stop', { error: error.message }));
  const drained = await Promise.race([drain.idle().then(() => 'idle' as const), sleep(timeoutMs)]);
  if (drained === 'idle') log.info('shutdown: requests in flight finished');
  else log.warn(`shutdown: ${drain.inFlight} requests cut after the timeout`);
  server.closeAllConnections();
  await Promise.race([jobs, sleep(Math.max(0, deadline - Date.now()) + 1_000)]);
  try {
    await parts.close();
    log.info('shutdown: connections closed; exiting');
    return 0;
  } catch (error) {
    log.error('shutdown: closing the connections failed', { error: (error as Error).message });
    return 1;
  }
}

/** A signal this soon after the first is the same one passed on, not a second. */
const REPEAT_MS = 1_000;

/** Stops gracefully on SIGTERM and SIGINT; a second signal exits at once. */
export function handleShutdownSignals(parts: ShutdownParts): void {
  const exit = parts.exit ?? ((code: number) => process.exit(code));
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C under a script that passes signals on (scripts/start.ts) delivers one press twice.
    if (firstAt && Date.now() - firstAt < REPEAT_MS) return;
    if (parts.drain.signal() === 'exit') {
      parts.log.warn(`shutdown: ${signal} again; exiting at once`);
      exit(1);
      return;
    }
    firstAt = Date.now();
    // Whatever hangs (a job ignoring its signal, a database that does not answer), the process ends.
    setTimeout(() => {
      parts.log.error('shutdown: still not done after the timeout; exiting');
      exit(1);
    }, parts.timeoutMs + 5_000).unref();
    void shutDown(parts, signal).then(exit);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
