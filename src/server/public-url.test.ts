import { describe, expect, it } from 'vitest';
import { isPublicAddress, isPublicHttpsUrl } from './public-url.ts';

describe('isPublicHttpsUrl', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx',
    'https://8.8.8.8/push',
    'https://[2606:4700::1111]/push',
    'https://[::ffff:8.8.8.8]/push',
  ])('accepts %s', (url) => {
    expect(isPublicHttpsUrl(url)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
    ['not a URL', 'fcm.googleapis.com/x'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/x'],
    ['loopback', 'https://127.0.0.1/x'],
    ['loopback, decimal', 'https://2130706433/x'],
    ['loopback, hex', 'https://0x7f.1/x'],
    ['0.0.0.0', 'https://0.0.0.0/x'],
    ['private 10/8', 'https://10.1.2.3/x'],
    ['private 172.16/12', 'https://172.31.255.1/x'],
    ['private 192.168/16', 'https://192.168.1.1/x'],
    ['CGNAT', 'https://100.64.0.1/x'],
    ['link-local', 'https://169.254.1.1/x'],
    ['the metadata service', 'https://169.254.169.254/latest/meta-data/'],
    ['multicast', 'https://224.0.0.1/x'],
    ['broadcast', 'https://255.255.255.255/x'],
    ['IPv6 loopback', 'https://[::1]/x'],
    ['IPv6 unspecified', 'https://[::]/x'],
    ['IPv6 unique-local', 'https://[fd00::1]/x'],
    ['IPv6 link-local', 'https://[fe80::1]/x'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x'],
    ['IPv4-mapped metadata', 'https://[::ffff:a9fe:a9fe]/x'],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/x'],
    ['NAT64 of a private address', 'https://[64:ff9b::10.0.0.1]/x'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/x'],
    ['documentation IPv6', 'https://[2001:db8::1]/x'],
    ['localhost', 'https://localhost/x'],
    ['localhost with a dot', 'https://localhost./x'],
    ['a name under localhost', 'https://push.localhost/x'],
    ['mDNS', 'https://printer.local/x'],
    ['internal', 'https://metadata.google.internal/x'],
    ['a single label', 'https://intranet/x'],
  ])('refuses %s', (_label, url) => {
    expect(isPublicHttpsUrl(url)).toBe(false);
  });
});

describe('isPublicAddress', () => {
  it('judges resolved addresses the same way (for the sender, after DNS)', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:169.254.169.254')).toBe(false);
    expect(isPublicAddress('fe80::1%eth0')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});
