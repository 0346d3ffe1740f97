import { describe, expect, it } from 'vitest';
import { addressKey, addressTag } from './address.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address as its /64, in any spelling', () => {
    const prefix = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(prefix);
    expect(addressKey('2001:0DB8:0000:0001:ffff:1:2:3')).toBe(prefix);
    expect(addressKey('2001:db8::1:aaaa:bbbb:cccc:dddd')).toBe(prefix);
    expect(addressKey('2001:db8:0:2::1')).not.toBe(prefix);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('addressTag', () => {
  it('is the same for one /64, differs by secret, and never shows the address', () => {
    const secret = Buffer.alloc(32, 1);
    const tag = addressTag(secret, '2001:db8:0:1::1');
    expect(addressTag(secret, '2001:db8:0:1::2')).toBe(tag);
    expect(addressTag(Buffer.alloc(32, 2), '2001:db8:0:1::1')).not.toBe(tag);
    expect(tag).not.toContain('2001');
    expect(addressTag(secret, '203.0.113.9')).not.toContain('203');
  });
});
