/**
 * The day a message was written, as a conversation shows it above that day's first message:
 * "Today", "Yesterday", the weekday within the last week, else the date (with the year when it
 * is not this year's). In the reader's time zone (the browser's, where conversations render) and
 * the page's language: a thread of three days otherwise read as one evening's.
 */

const DAY_MS = 86_400_000;

/** The local midnight that starts `at`'s day. */
function startOfDay(at: Date): number {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
}

/** Whether two moments fall on the same local day. */
export function sameDay(a: Date, b: Date): boolean {
  return startOfDay(a) === startOfDay(b);
}

/** `at`'s local day as YYYY-MM-DD (a `<time>` element's `dateTime`). */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Formats per language and kind: a thread writes one label per day. */
const formats = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function formatOf<F extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let found = formats.get(key) as F | undefined;
  if (!found) formats.set(key, (found = make()));
  return found;
}

/** A label that starts a line: "today" is "Today", "lauantai" is "Lauantai". */
function capitalised(text: string, locale: string | undefined): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** The label of `at`'s day, seen on `now`'s (a day ahead of `now`, a clock's drift, is today). */
export function dayLabel(at: Date, now: Date, locale: string | undefined): string {
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  const daysAgo = Math.max(0, Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS));
  if (daysAgo <= 1) {
    const relative = formatOf(
      `relative\u0000${locale ?? ''}`,
      () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    );
    return capitalised(relative.format(-daysAgo, 'day'), locale);
  }
  if (daysAgo < 7) {
    const weekday = formatOf(
      `weekday\u0000${locale ?? ''}`,
      () => new Intl.DateTimeFormat(locale, { weekday: 'long' }),
    );
    return capitalised(weekday.format(at), locale);
  }
  const withYear = at.getFullYear() !== now.getFullYear();
  const date = formatOf(
    `date\u0000${withYear}\u0000${locale ?? ''}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        ...(withYear ? { year: 'numeric' } : {}),
      }),
  );
  return capitalised(date.format(at), locale);
}
