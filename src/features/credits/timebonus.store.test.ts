import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $timeBonus, clearTimeBonus, countdownText, startTimeBonus } from './timebonus.store.ts';

describe('time bonus countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  });
  afterEach(() => {
    clearTimeBonus();
    vi.useRealTimers();
  });

  it('ticks down once a second', () => {
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 10 });
    expect($timeBonus.get()?.remaining).toBe(10);
    vi.advanceTimersByTime(3000);
    expect($timeBonus.get()?.remaining).toBe(7);
  });

  it('does not restart while running', () => {
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 10 });
    vi.advanceTimersByTime(4000);
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 14_400 });
    expect($timeBonus.get()?.remaining).toBe(6);
  });

  it('clears itself at zero, and never starts from zero', () => {
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 2 });
    vi.advanceTimersByTime(2000);
    expect($timeBonus.get()).toBeNull();
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 0 });
    expect($timeBonus.get()).toBeNull();
  });

  it('reaches zero when the end has passed, not in the last part of a second before it', () => {
    // Started 0.6 s after the page was made: the first tick comes 0.4 s before the end.
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 2 }, Date.now() - 600);
    vi.advanceTimersByTime(1000);
    // Zero now would make the checkout ask the server again while it still gives the bonus.
    expect($timeBonus.get()?.remaining).toBe(1);
    vi.advanceTimersByTime(1000);
    expect($timeBonus.get()).toBeNull();
  });

  it('can be cleared (logout, purchase) and started again after', () => {
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 100 });
    clearTimeBonus();
    expect($timeBonus.get()).toBeNull();
    vi.advanceTimersByTime(5000);
    expect($timeBonus.get()).toBeNull();
    startTimeBonus({ code: 'TIMEBONUS25', percentage: 25, remainingSeconds: 50 });
    expect($timeBonus.get()?.remaining).toBe(50);
  });

  it('writes hh:mm:ss', () => {
    expect(countdownText(14_400)).toBe('04:00:00');
    expect(countdownText(3_661)).toBe('01:01:01');
    expect(countdownText(9)).toBe('00:00:09');
  });
});
