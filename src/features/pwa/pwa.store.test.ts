import { describe, expect, it } from 'vitest';
import { INSTALL_DISMISSED_MS, installHint, safeToReload, type DeviceFacts } from './pwa.store.ts';
import { hasBackButton } from './components/BackButton.tsx';

const NOW = 1_800_000_000_000;
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const device = (facts: Partial<DeviceFacts>): DeviceFacts => ({
  userAgent: CHROME_ANDROID,
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: false,
  offered: false,
  dismissedAt: null,
  now: NOW,
  ...facts,
});

describe('the install banner', () => {
  it("offers the browser's install where the browser made an offer", () => {
    expect(installHint(device({ offered: true }))).toBe('prompt');
  });

  it('coaches Share → Add to Home Screen in Safari on iPhone and iPad only', () => {
    expect(installHint(device({ userAgent: IPHONE_SAFARI, platform: 'iPhone' }))).toBe('ios');
    expect(
      installHint(device({ userAgent: IPAD_DESKTOP_MODE, platform: 'MacIntel', maxTouchPoints: 5 })),
    ).toBe('ios');
    // a Mac is no iPad
    expect(
      installHint(device({ userAgent: IPAD_DESKTOP_MODE, platform: 'MacIntel', maxTouchPoints: 0 })),
    ).toBeNull();
    expect(installHint(device({ userAgent: IPHONE_CHROME, platform: 'iPhone' }))).toBeNull();
    expect(
      installHint(device({ userAgent: FIREFOX, platform: 'Linux x86_64', maxTouchPoints: 0 })),
    ).toBeNull();
    expect(installHint(device({}))).toBeNull();
  });

  it('shows nothing in the installed app', () => {
    expect(installHint(device({ offered: true, standalone: true }))).toBeNull();
    expect(
      installHint(device({ userAgent: IPHONE_SAFARI, platform: 'iPhone', standalone: true })),
    ).toBeNull();
  });

  it('stays away once dismissed, for 90 days', () => {
    expect(installHint(device({ offered: true, dismissedAt: NOW - 1000 }))).toBeNull();
    expect(installHint(device({ offered: true, dismissedAt: NOW - INSTALL_DISMISSED_MS + 1 }))).toBeNull();
    expect(installHint(device({ offered: true, dismissedAt: NOW - INSTALL_DISMISSED_MS }))).toBe('prompt');
  });
});

describe('the update flow', () => {
  const clean = { value: 'x', defaultValue: 'x' };
  it('reloads only a hidden page with nothing typed', () => {
    expect(safeToReload({ hidden: true, fields: [clean] })).toBe(true);
    expect(safeToReload({ hidden: true, fields: [] })).toBe(true);
    expect(safeToReload({ hidden: false, fields: [clean] })).toBe(false);
    expect(safeToReload({ hidden: true, fields: [clean, { value: 'Hi the', defaultValue: '' }] })).toBe(
      false,
    );
  });
});

describe('the back button of the installed app', () => {
  it("is on the spec's routes", () => {
    for (const route of [
      '/members/p123',
      '/likes/received',
      '/likes/sent',
      '/likes/matches',
      '/likes/m/p123',
      '/credits',
      '/credits/b1',
      '/credits/b1/ideal',
      '/credits/b1/',
    ])
      expect(hasBackButton(route), route).toBe(true);
  });

  it('is nowhere else', () => {
    for (const route of [
      '/',
      '/members',
      '/members/p123/chat',
      '/likes',
      '/chats',
      '/chats/c1',
      '/credits/repeat-order',
      '/premium',
      '/profile',
      '/settings',
      '/credits/b1/ideal/x',
    ])
      expect(hasBackButton(route), route).toBe(false);
  });
});
