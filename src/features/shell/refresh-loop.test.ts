import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { startRefreshLoop } from './refresh-loop.ts';

function fakeVisibility(initiallyHidden = false) {
  let hidden = initiallyHidden;
  const listeners = new Set<() => void>();
  return {
    api: {
      hidden: () => hidden,
      onChange(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    set(value: boolean) {
      hidden = value;
      for (const l of listeners) l();
    },
    listeners,
  };
}

describe('refresh loop (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function advance(ms: number) {
    await vi.advanceTimersByTimeAsync(ms);
  }

  /** Lets `ms` pass, then expects `rounds` refreshes in all so far. */
  async function expectRoundsAfter(refresh: Mock, ms: number, rounds: number) {
    await advance(ms);
    expect(refresh).toHaveBeenCalledTimes(rounds);
  }

  it('refreshes first after 5 s, then every 60 s', async () => {
    const refresh = vi.fn(async () => {});
    const stop = startRefreshLoop({ refresh, pushSubscribed: () => false, visibility: fakeVisibility().api });
    await expectRoundsAfter(refresh, 4_999, 0);
    await expectRoundsAfter(refresh, 1, 1);
    await expectRoundsAfter(refresh, 59_999, 1);
    await expectRoundsAfter(refresh, 1, 2);
    stop();
  });

  it('waits 300 s between rounds while push is subscribed', async () => {
    const refresh = vi.fn(async () => {});
    let push = false;
    const stop = startRefreshLoop({ refresh, pushSubscribed: () => push, visibility: fakeVisibility().api });
    await expectRoundsAfter(refresh, 5_000, 1);
    push = true;
    // The interval was chosen when the first round ended: still 60 s for this one.
    await expectRoundsAfter(refresh, 60_000, 2);
    await expectRoundsAfter(refresh, 299_999, 2);
    await expectRoundsAfter(refresh, 1, 3);
    stop();
  });

  it('keeps going after a failed round', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = startRefreshLoop({ refresh, pushSubscribed: () => false, visibility: fakeVisibility().api });
    await advance(5_000 + 60_000 + 60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    stop();
  });

  it('does not poll in a hidden tab and catches up when it shows again', async () => {
    const refresh = vi.fn(async () => {});
    const visibility = fakeVisibility(true);
    const stop = startRefreshLoop({ refresh, pushSubscribed: () => false, visibility: visibility.api });
    await advance(120_000);
    expect(refresh).toHaveBeenCalledTimes(0);
    visibility.set(false);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never runs two rounds at once and stops for good', async () => {
    let finish: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const visibility = fakeVisibility();
    const stop = startRefreshLoop({ refresh, pushSubscribed: () => false, visibility: visibility.api });
    await advance(5_000);
    visibility.set(true);
    visibility.set(false);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    stop();
    await advance(600_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(visibility.listeners.size).toBe(0);
  });
});
