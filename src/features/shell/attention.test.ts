import { describe, expect, it, vi } from 'vitest';
import { showAppBadge, titleWithCount } from './attention.ts';

describe('title prefix (spec §2)', () => {
  it('puts the count in front and replaces an earlier one', () => {
    expect(titleWithCount('Messages · Amber Hearts', 3)).toBe('(3) Messages · Amber Hearts');
    expect(titleWithCount('(3) Messages · Amber Hearts', 12)).toBe('(12) Messages · Amber Hearts');
  });
  it('drops the prefix when nothing is new', () => {
    expect(titleWithCount('(3) Messages', 0)).toBe('Messages');
    expect(titleWithCount('Messages', 0)).toBe('Messages');
  });
  it('leaves a title that merely starts with parentheses alone', () => {
    expect(titleWithCount('(Beta) Chat', 0)).toBe('(Beta) Chat');
  });
});

describe('app badge (spec §2, §8)', () => {
  it('sets the count and clears it at zero', () => {
    const nav = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
    showAppBadge(4, nav);
    showAppBadge(0, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(4);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
  });
  it('ignores devices without badges and every failure, silently', async () => {
    expect(() => showAppBadge(2, {})).not.toThrow();
    expect(() => showAppBadge(2, undefined)).not.toThrow();
    const rejecting = { setAppBadge: vi.fn(() => Promise.reject(new Error('NotAllowedError'))) };
    expect(() => showAppBadge(2, rejecting)).not.toThrow();
    const throwing = {
      setAppBadge: vi.fn(() => {
        throw new Error('SecurityError');
      }),
    };
    expect(() => showAppBadge(2, throwing)).not.toThrow();
    await Promise.resolve();
  });
});
