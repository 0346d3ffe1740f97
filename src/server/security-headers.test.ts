import { describe, expect, it } from 'vitest';
import { securityHeadersFor } from './security-headers.ts';

describe('securityHeadersFor', () => {
  it('adds HSTS only where the public scheme is https, never for subdomains', () => {
    expect(securityHeadersFor('https')['strict-transport-security']).toBe('max-age=31536000');
    expect(securityHeadersFor('http')['strict-transport-security']).toBeUndefined();
    expect(securityHeadersFor('https')['strict-transport-security']).not.toMatch(/includeSubDomains/i);
  });
});
