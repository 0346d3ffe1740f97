import { describe, expect, it } from 'vitest';
import { securityHeadersFor } from './security-headers.ts';

describe('securityHeadersFor', () => {
  it('adds HSTS only where the public scheme is https, never for subdomains', () => {
    expect(securityHeadersFor('https')['strict-transport-security']).toBe('max-age=31536000');
    expect(securityHeadersFor('http')['strict-transport-security']).toBeUndefined();
    expect(securityHeadersFor('https')['strict-transport-security']).not.toMatch(/includeSubDomains/i);
  });

  it('names the process in X-Served-By only when it has a name', () => {
    expect(securityHeadersFor('http', 'app-2')['x-served-by']).toBe('app-2');
    expect(securityHeadersFor('https', 'app-2')['strict-transport-security']).toBe('max-age=31536000');
    expect(securityHeadersFor('http')).not.toHaveProperty('x-served-by');
    expect(securityHeadersFor('http', '')).not.toHaveProperty('x-served-by');
  });
});
