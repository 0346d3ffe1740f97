import { $push } from './shell.store.ts';

/*
 * Spec §4 Push: capable or unsupported; subscribed, denied or not subscribed. Browser only. The
 * service worker itself (`/sw.js`) is the site's; a site or browser without one is "unsupported".
 */

export type PushStatus = 'unsupported' | 'denied' | 'subscribed' | 'capable';

/** Whether this browser has what web push needs (iOS has it only in an installed app). */
export function pushCapable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A worker that does not become ready within this long is taken for none. */
const READY_TIMEOUT_MS = 3_000;

/** The page's active worker once there is one; null when none becomes ready in time. */
async function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The site's service worker for a subscription: registered if it was not yet (the same script the
 * site registers itself); null when the site serves none, the browser refuses it, or it does not
 * become ready in time.
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  try {
    await navigator.serviceWorker.register('/sw.js');
    return await readyWorker();
  } catch {
    return null;
  }
}

/**
 * This browser's push state and subscription, without asking the member anything and without
 * fetching anything. With `wait` (a page about push) it waits a moment for the site's worker to
 * become ready and says "unsupported" when none does; otherwise it asks only a worker that is
 * there already (every member page, for the refresh pace). Keeps `$push` current.
 */
export async function readPushStatus(
  options: { wait: boolean } = { wait: false },
): Promise<{ status: PushStatus; subscription: PushSubscription | null }> {
  const answer = (status: PushStatus, subscription: PushSubscription | null = null) => {
    $push.set({ isCapable: status !== 'unsupported', isSubscribed: status === 'subscribed' });
    return { status, subscription };
  };
  if (!pushCapable()) return answer('unsupported');
  if (Notification.permission === 'denied') return answer('denied');
  try {
    const registration = options.wait
      ? await readyWorker()
      : ((await navigator.serviceWorker.getRegistration()) ?? null);
    if (!registration) return answer(options.wait ? 'unsupported' : 'capable');
    const subscription = await registration.pushManager.getSubscription();
    return subscription && Notification.permission === 'granted'
      ? answer('subscribed', subscription)
      : answer('capable', subscription);
  } catch {
    return answer('unsupported');
  }
}
