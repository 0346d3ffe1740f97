/**
 * The page behaviours of spec §2, inline on every page (so small, without dependencies, and
 * allowed by its CSP hash; see scripts/build/inline-scripts.ts):
 *
 * - `page-hidden`: a beacon to `/api/page-hidden.php` whenever the page becomes hidden.
 * - `lb`: when the URL has it, leaving the page without following one of the site's links sends
 *   `{ page, ms }` to `/api/bounce.php`, once.
 * - `t`: after that many seconds the like modal (`#like-modal`, rendered by the server only when
 *   `t` is present) opens, waiting while another dialog (the entry warning) is open; a click on
 *   its backdrop closes it. On a lander, whose inline sheet leaves its rules out, it first links
 *   its stylesheet (`data-css`) right after the inline one, once the page has loaded.
 * - The loading bar starts when a navigation to a page of the site takes longer than 200 ms.
 * - A code chunk that fails to load reloads the page, unless that happened in the last minute.
 */
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  LOADING_BAR_THROTTLE_MS,
} from './page-behaviours.constants.ts';

const query = new URLSearchParams(location.search);
let left = false;

function beacon(url: string, body: string): void {
  try {
    if (navigator.sendBeacon) navigator.sendBeacon(url, body);
  } catch {
    // A beacon is best effort.
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'hidden') return;
  beacon('/api/page-hidden.php', '{}');
  if (query.has('lb') && !left) {
    left = true;
    beacon('/api/bounce.php', JSON.stringify({ page: location.pathname, ms: Math.round(performance.now()) }));
  }
});

const bar = document.getElementById('loading-bar');
let timer: ReturnType<typeof setTimeout> | undefined;

function startLoading(): void {
  left = true;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (!bar) return;
    bar.hidden = false;
    bar.classList.add('is-loading');
  }, LOADING_BAR_THROTTLE_MS);
}

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const link = target?.closest ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey) return;
  if (event.shiftKey || event.altKey) return;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  if (link.origin !== location.origin) return;
  if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
  startLoading();
});

document.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) startLoading();
});

window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  clearTimeout(timer);
  left = false;
  if (!bar) return;
  bar.hidden = true;
  bar.classList.remove('is-loading');
});

function reloadOnce(): void {
  try {
    const now = Date.now();
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
    if (now - last < CHUNK_RELOAD_INTERVAL_MS) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return;
  }
  location.reload();
}

const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError/i;

window.addEventListener('vite:preloadError', reloadOnce);
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  const message = String((reason as { message?: unknown } | null)?.message || reason);
  if (CHUNK_FAILED.test(message)) reloadOnce();
});
window.addEventListener(
  'error',
  (event) => {
    const source = event.target as HTMLScriptElement | null;
    if (source && source.tagName === 'SCRIPT' && /\/_astro\//.test(source.src || '')) reloadOnce();
  },
  true,
);

const like = document.getElementById('like-modal') as HTMLDialogElement | null;
const seconds = Number(query.get('t'));
if (like && like.showModal && seconds > 0 && isFinite(seconds)) {
  let styled = !like.getAttribute('data-css');
  const open = (): void => {
    // Its sheet first (loaded or failed, as the signup modal does): it waits another second.
    if (!styled || document.querySelector('dialog[open]')) {
      setTimeout(open, 1000);
      return;
    }
    like.showModal();
  };
  if (!styled) {
    const link = (): void => {
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = like.getAttribute('data-css')!;
      sheet.onload = sheet.onerror = () => (styled = true);
      const theme = document.head.querySelector('style');
      if (theme) theme.after(sheet);
      else document.head.append(sheet);
    };
    if (document.readyState === 'complete') link();
    else addEventListener('load', link);
  }
  setTimeout(open, Math.min(seconds, 3600) * 1000);
  like.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target === like || target.closest('[data-like-close]')) like.close();
  });
}
