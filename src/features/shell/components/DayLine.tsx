import { dayLabel, localDate, sameDay } from '../../../lib/day-label.ts';

/**
 * The day above its first message in a thread (a member's chat, a host's conversation in the
 * console): an item of the thread's list where the message written `at` starts a day that the one
 * before it (`previous`; none for the thread's first) did not, else nothing. In the reader's time
 * zone and `locale`'s words (`dayLabel`): a thread of three days is not one evening's.
 */
export function DayLine({
  at,
  previous,
  locale,
  className,
}: {
  at: Date;
  previous: Date | undefined;
  locale: string | undefined;
  className: string;
}) {
  if (previous && sameDay(previous, at)) return null;
  return (
    <li className={className}>
      <time dateTime={localDate(at)}>{dayLabel(at, new Date(), locale)}</time>
    </li>
  );
}
