/**
 * Spec §4 Refresh: the member's data is fetched again every 60 seconds, or every 300 seconds
 * while push is subscribed (pushes bring the news then), the first time 5 seconds after the
 * page starts. A hidden tab does not poll; when it becomes visible again and a refresh is due,
 * it refreshes at once.
 */
export const REFRESH_START_DELAY_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 300_000;

export interface RefreshLoopOptions {
  /** The work of one round (user now; chats and likes join later). Failures are the caller's. */
  refresh: () => Promise<unknown>;
  /** Read at every round, so subscribing to push slows the next round down. */
  pushSubscribed: () => boolean;
  /** What the loop runs on; tests pass fake timers and a fake document. */
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
  now?: () => number;
  visibility?: {
    hidden: () => boolean;
    onChange: (listener: () => void) => () => void;
  };
}

function documentVisibility(): NonNullable<RefreshLoopOptions['visibility']> {
  return {
    hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
    onChange(listener) {
      if (typeof document === 'undefined') return () => {};
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

/** Starts the loop; the returned function stops it. */
export function startRefreshLoop(options: RefreshLoopOptions): () => void {
  // Called as plain functions: browsers refuse `setTimeout` invoked as another object's method.
  const timers = options.timers ?? {
    setTimeout: ((run: () => void, ms: number) => setTimeout(run, ms)) as typeof setTimeout,
    clearTimeout: ((id: ReturnType<typeof setTimeout>) => clearTimeout(id)) as typeof clearTimeout,
  };
  const now = options.now ?? (() => Date.now());
  const visibility = options.visibility ?? documentVisibility();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = now() + REFRESH_START_DELAY_MS;
  let running = false;
  let stopped = false;

  const interval = () => (options.pushSubscribed() ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS);

  const schedule = () => {
    if (stopped) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(tick, Math.max(0, dueAt - now()));
  };

  async function tick(): Promise<void> {
    timer = undefined;
    // A hidden tab waits: the visibility listener picks the round up when it shows again.
    if (stopped || running || visibility.hidden()) return;
    running = true;
    try {
      await options.refresh();
    } catch {
      // A failed round is retried at the next one; the client already retried the request.
    } finally {
      running = false;
      dueAt = now() + interval();
      schedule();
    }
  }

  const stopListening = visibility.onChange(() => {
    if (!visibility.hidden() && timer === undefined && !running) schedule();
  });
  schedule();

  return () => {
    stopped = true;
    stopListening();
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}
