import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_LIFETIME_MS, deviceIdFor, issueDeviceToken } from './device-cookie.ts';

const secret = Buffer.alloc(32, 5);
const now = Date.UTC(2026, 0, 10);

describe('the device cookie', () => {
  it('is valid for its member on its site within a year, and for nothing else', () => {
    const token = issueDeviceToken(secret, 'amber', 'm1', now);
    expect(deviceIdFor(secret, 'amber', 'm1', token, now + 1000)).toBeTruthy();
    expect(deviceIdFor(secret, 'amber', 'm2', token, now)).toBeUndefined();
    expect(deviceIdFor(secret, 'curvy', 'm1', token, now)).toBeUndefined();
    expect(deviceIdFor(Buffer.alloc(32, 6), 'amber', 'm1', token, now)).toBeUndefined();
    expect(deviceIdFor(secret, 'amber', 'm1', token, now + DEVICE_COOKIE_LIFETIME_MS)).toBeUndefined();
    expect(deviceIdFor(secret, 'amber', 'm1', undefined, now)).toBeUndefined();
    expect(deviceIdFor(secret, 'amber', 'm1', `${token.slice(0, -1)}A`, now)).toBeUndefined();
    expect(deviceIdFor(secret, 'amber', 'm1', 'garbage', now)).toBeUndefined();
  });

  it('names no account', () => {
    const token = issueDeviceToken(secret, 'amber', 'member-id-123', now);
    expect(token).not.toContain('member');
    expect(token).not.toContain('amber');
  });
});
