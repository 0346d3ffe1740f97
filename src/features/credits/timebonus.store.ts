import { atom } from 'nanostores';

/*
 * The time bonus in the browser (spec §4): a countdown started from the seconds the server says
 * are left, ticking once a second. Starting it again while it runs changes nothing, so a page
 * that loads the bonus a second time does not reset the clock the member is watching. It is
 * cleared on logout, at zero, on purchase, and when the server no longer offers the bonus.
 */

export interface TimeBonusState {
  code: string;
  percentage: number;
  /** Seconds left; the banner shows them as hh:mm:ss. */
  remaining: number;
}

export const $timeBonus = atom<TimeBonusState | null>(null);

let timer: ReturnType<typeof setInterval> | undefined;
let endsAt = 0;

/** Starts the countdown unless one is already running. `now` is the page's clock in ms. */
export function startTimeBonus(
  bonus: { code: string; percentage: number; remainingSeconds: number },
  now: number = Date.now(),
): void {
  if (timer !== undefined) return;
  if (bonus.remainingSeconds <= 0) return clearTimeBonus();
  endsAt = now + bonus.remainingSeconds * 1000;
  $timeBonus.set({ code: bonus.code, percentage: bonus.percentage, remaining: bonus.remainingSeconds });
  timer = setInterval(tick, 1000);
}

/**
 * Counts from the end time, not by decrements, so a throttled background tab still shows the truth.
 * A second part-way through still counts as a second: zero is shown only once the end has passed,
 * never before it, so a page that asks the server again at zero is told the bonus has ended.
 */
function tick(): void {
  const current = $timeBonus.get();
  if (!current) return clearTimeBonus();
  const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  if (remaining <= 0) return clearTimeBonus();
  if (remaining !== current.remaining) $timeBonus.set({ ...current, remaining });
}

export function clearTimeBonus(): void {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  $timeBonus.set(null);
}

/** `hh:mm:ss`, two digits each (spec §3's countdownTimer). */
export function countdownText(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const s = Math.max(0, Math.floor(seconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}
