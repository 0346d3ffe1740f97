import { atom } from 'nanostores';
import type { PushPayload } from './pwa.worker-rules.ts';

/*
 * The installed app in the browser: the service worker's registration and its updates, the
 * browser's install offer, and pushes that reach an open page. Started by the member
 * navigation (shell), so only member pages carry it; landers and footer pages stay without.
 */

/** Chromium's install offer (`beforeinstallprompt`), which the page may show when it likes. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The install offer the browser made on this page, until it is used or the app is installed. */
export const $installPrompt = atom<InstallPromptEvent | null>(null);

/** Where a dismissed install banner is remembered (the time of the dismissal). */
export const INSTALL_DISMISSED_KEY = 'install-banner-dismissed';
/** A dismissed banner stays away this long; then the offer may come back once. */
export const INSTALL_DISMISSED_MS = 90 * 24 * 60 * 60 * 1000;

/** Whether the page runs as the installed app (its own window, no browser bar). */
export function runsStandalone(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  return (
    win.matchMedia('(display-mode: standalone)').matches ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export interface DeviceFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  standalone: boolean;
  /** The browser made an install offer. */
  offered: boolean;
  /** When the banner was dismissed (epoch ms), if ever. */
  dismissedAt: number | null;
  now: number;
}

/**
 * What the install banner shows: the browser's own install (where it offers one), the Share →
 * Add to Home Screen steps (Safari on iPhone and iPad, which has no install offer), or nothing
 * (already installed, dismissed lately, or a browser that cannot install a site).
 */
export function installHint(device: DeviceFacts): 'prompt' | 'ios' | null {
  if (device.standalone) return null;
  if (device.dismissedAt !== null && device.now - device.dismissedAt < INSTALL_DISMISSED_MS) return null;
  if (device.offered) return 'prompt';
  const ios =
    /iPhone|iPad|iPod/.test(device.userAgent) ||
    (device.platform === 'MacIntel' && device.maxTouchPoints > 1);
  // Only Safari can add to the home screen on older iOS; other browsers there name themselves.
  const safari =
    /Safari\//.test(device.userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(device.userAgent);
  return ios && safari ? 'ios' : null;
}

/** When the banner was dismissed, from storage (which may be refused). */
export function dismissedAt(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): number | null {
  try {
    const value = Number(storage?.getItem(INSTALL_DISMISSED_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Remembers a dismissal; a refused storage only means the banner may show again. */
export function rememberDismissal(
  now: number,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // private mode or full storage
  }
}

/** A form field as far as the update flow cares. */
export interface FieldState {
  value: string;
  defaultValue: string;
}

/**
 * Whether the page may reload itself for a new version now: only while nobody looks at it
 * (the tab is hidden) and nothing typed would be lost (no field differs from what the page came with).
 */
export function safeToReload(state: { hidden: boolean; fields: readonly FieldState[] }): boolean {
  return state.hidden && state.fields.every((field) => field.value === field.defaultValue);
}

function pageState(): { hidden: boolean; fields: FieldState[] } {
  const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')]
    .filter(
      (field) =>
        !(field instanceof HTMLInputElement) || !['checkbox', 'radio', 'hidden', 'file'].includes(field.type),
    )
    .map((field) => ({ value: field.value, defaultValue: field.defaultValue }));
  const editing = document.activeElement instanceof HTMLElement && document.activeElement.isContentEditable;
  if (editing) fields.push({ value: 'editing', defaultValue: '' });
  return { hidden: document.visibilityState === 'hidden', fields };
}

/** How often, and how far apart, a fresh page asks a waiting version to take over. */
const SKIP_WAITING_ATTEMPTS = 3;
const SKIP_WAITING_RETRY_MS = 2_000;
/** How long a page stays hidden before it counts as a tab in the background, not one being left. */
const HIDDEN_SETTLE_MS = 3_000;

export interface InstalledAppOptions {
  /** A push reached the worker while this page is open. */
  onPush(payload: PushPayload): void;
}

/**
 * Starts the installed app's part of a member page: listens for the install offer, registers
 * the service worker and moves to a new version at a safe moment:
 * - a page that starts while a new version waits lets it take over at once: the page itself is
 *   already fresh from the server (the "next navigation");
 * - a version that arrives while the page is open takes over when the tab is hidden, and the
 *   page then reloads only if still hidden with nothing typed; otherwise the next page load is new.
 */
export function startInstalledApp(options: InstalledAppOptions): () => void {
  const onOffer = (event: Event) => {
    // The browser's mini-infobar would interrupt; the banner offers the same at a calmer moment.
    event.preventDefault();
    $installPrompt.set(event as InstallPromptEvent);
  };
  const onInstalled = () => $installPrompt.set(null);
  window.addEventListener('beforeinstallprompt', onOffer);
  window.addEventListener('appinstalled', onInstalled);
  const stops: (() => void)[] = [
    () => window.removeEventListener('beforeinstallprompt', onOffer),
    () => window.removeEventListener('appinstalled', onInstalled),
  ];

  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (workers) {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; payload?: PushPayload } | null;
      if (data?.type === 'push' && data.payload) options.onPush(data.payload);
    };
    workers.addEventListener('message', onMessage);
    stops.push(() => workers.removeEventListener('message', onMessage));

    let reloadOnTakeover = false;
    const onTakeover = () => {
      if (reloadOnTakeover && safeToReload(pageState())) location.reload();
    };
    workers.addEventListener('controllerchange', onTakeover);
    stops.push(() => workers.removeEventListener('controllerchange', onTakeover));

    let registration: ServiceWorkerRegistration | undefined;
    // A page that is being left turns hidden too, while the next page load is already under way.
    // A takeover then races that load: Chromium can hand the load to the old version as it stops
    // it, and the load never ends. So only a page still there and still hidden a moment later
    // counts as a tab in the background.
    let hiddenCheck: ReturnType<typeof setTimeout> | undefined;
    const takeOverHidden = () => {
      const waiting = registration?.waiting;
      // Still hidden, nothing typed (safeToReload reads both).
      if (!waiting || !workers.controller || !safeToReload(pageState())) return;
      reloadOnTakeover = true;
      waiting.postMessage({ type: 'skip-waiting' });
    };
    const onVisibility = () => {
      clearTimeout(hiddenCheck);
      if (document.visibilityState === 'hidden') hiddenCheck = setTimeout(takeOverHidden, HIDDEN_SETTLE_MS);
    };
    document.addEventListener('visibilitychange', onVisibility);
    stops.push(() => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(hiddenCheck);
    });

    // A fresh page is a safe moment for a version that waits: the page itself came from the server.
    // Asked again a few times: a waiting worker that was stopped may miss the first message.
    const takeOverNow = (found: ServiceWorkerRegistration | undefined, attempt = 0) => {
      const waiting = found?.waiting;
      if (!waiting || !workers.controller || attempt >= SKIP_WAITING_ATTEMPTS) return;
      waiting.postMessage({ type: 'skip-waiting' });
      const retry = setTimeout(() => {
        if (found.waiting === waiting) takeOverNow(found, attempt + 1);
      }, SKIP_WAITING_RETRY_MS);
      stops.push(() => clearTimeout(retry));
    };
    // Only once the page has loaded: a takeover stops the old version, which would race the
    // page's own requests still going through it.
    const afterLoad = (run: () => void) => {
      if (document.readyState === 'complete') return run();
      window.addEventListener('load', run, { once: true });
      stops.push(() => window.removeEventListener('load', run));
    };
    // The registration as it is, at once: registering may queue behind an update check.
    workers
      .getRegistration('/')
      .then((found) => {
        registration ??= found;
        afterLoad(() => takeOverNow(found));
      })
      .catch(() => undefined);
    workers
      // One address in every language: the worker keeps the offline page in the language of the
      // pages it sees, so a change of language brings no new version (sw.worker.ts).
      .register('/sw.js', { scope: '/' })
      .then((found) => {
        registration = found;
        afterLoad(() => takeOverNow(found));
      })
      .catch(() => {
        // No worker (private mode, a refusing browser): the site works as before, without offline page.
      });
  }
  return () => {
    for (const stop of stops) stop();
  };
}
