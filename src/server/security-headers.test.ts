import { describe, expect, it } from 'vitest';
import { addSecurityHeaders, securityHeaders, securityHeadersFor } from './security-headers.ts';

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

describe('addSecurityHeaders', () => {
  const page = () =>
    new Response('', {
      headers: { 'content-security-policy': "default-src 'self'; img-src 'self' data: blob:" },
    });

  it('lets a page show images from the bucket origin, and nothing else changes', () => {
    const csp = addSecurityHeaders(page(), securityHeaders, 'https://s3.example:9000').headers.get(
      'content-security-policy',
    );
    expect(csp).toBe(
      `default-src 'self'; img-src https://s3.example:9000 'self' data: blob:; ${securityHeaders['content-security-policy']}`,
    );
  });

  it('keeps the page policy as it is without a bucket', () => {
    const csp = addSecurityHeaders(page(), securityHeaders).headers.get('content-security-policy');
    expect(csp).toContain("img-src 'self' data: blob:;");
  });
});
