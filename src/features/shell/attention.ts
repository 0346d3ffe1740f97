/**
 * Spec §2: the page title is prefixed with the number of unread messages plus new likes, as
 * `(N) `, and the app badge shows the same number where the device supports it. Badge
 * failures are ignored silently (spec §8).
 */

const PREFIX = /^\(\d+\+?\) /;

/** The title with the count in front, or without a prefix when there is nothing new. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${base}` : base;
}

interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Sets or clears the installed app's badge; unsupported devices and refusals are fine. */
export function showAppBadge(
  count: number,
  nav: BadgeNavigator | undefined = globalThis.navigator as BadgeNavigator | undefined,
): void {
  try {
    const result = count > 0 ? nav?.setAppBadge?.(count) : nav?.clearAppBadge?.();
    result?.catch(() => {});
  } catch {
    // Some browsers throw synchronously outside an installed app.
  }
}

/** Applies a count to the document's title and the app badge. */
export function showAttention(count: number): void {
  if (typeof document !== 'undefined') document.title = titleWithCount(document.title, count);
  showAppBadge(count);
}
