import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * SQLite's WAL checkpoints, off the request path. By default the connection that commits the
 * thousandth page of the WAL copies the WAL back into the database file there and then, inside
 * a request, on the event loop's only thread. A busy write path dirties the same pages again
 * and again (a member's row, a conversation, the top of each index); a checkpoint every 250 ms
 * writes each such page once instead of once per thousand pages of WAL, and does it from a worker thread
 * with a connection of its own. PASSIVE never waits for readers or writers: it copies what it
 * can and tries again at the next tick. The app's connection keeps a far higher
 * autocheckpoint of its own (`FALLBACK_AUTOCHECKPOINT_PAGES`), so the WAL stays bounded even if the worker
 * stops.
 */

/** Pages of WAL after which the app's own connection checkpoints (about 40 MB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/** How often the worker checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 250;

/** The worker's code: plain CommonJS, since the built server bundles no separate worker file. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String((error && error.message) || error));
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `filename` in the background; `onError` hears of a failed checkpoint. */
export function startCheckpointer(
  filename: string,
  onError: (message: string) => void = () => {},
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, filename, intervalMs } });
  worker.on('message', (message: string) => onError(message));
  worker.on('error', (error) => onError(error.message));
  // The worker never keeps the process alive on its own.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
