/**
 * Headers on every response. Script and style sources are governed by the CSP that Astro
 * renders into each page (with the hashes of its inline scripts and styles, see
 * astro.config.mjs); this header adds what a meta CSP cannot carry, like frame-ancestors.
 */
export const securityHeaders: Record<string, string> = {
  'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * HSTS for a server whose public scheme is https: a year, on the exact host only.
 *
 * No `includeSubDomains` (and so no `preload`): a site's domain is usually an operator's or a
 * partner's own domain, whose other subdomains (a shop, a blog, a mail login, a partner's
 * tracking host) we neither serve nor know. Pinning all of them to https would break any that
 * still answer over http, for a year, with nothing the operator can do from here.
 */
export const HSTS_HEADER = 'max-age=31536000';

/**
 * The headers every answer carries under the configured public scheme; with a process name
 * (`SERVED_BY`), also `X-Served-By`, so an answer behind a proxy names the process that gave it.
 */
export function securityHeadersFor(publicScheme: 'http' | 'https', servedBy = ''): Record<string, string> {
  const headers =
    publicScheme === 'https'
      ? { ...securityHeaders, 'strict-transport-security': HSTS_HEADER }
      : securityHeaders;
  return servedBy ? { ...headers, 'x-served-by': servedBy } : headers;
}

/**
 * Sets the security headers an answer lacks (the middleware's last word on every answer).
 * `imageOrigin`: another origin pages may show images from (the bucket of `STORAGE_URL`, where
 * `/media/…` redirects a checked viewer), added to the page CSP's `img-src`.
 */
export function addSecurityHeaders(
  response: Response,
  headers: Record<string, string>,
  imageOrigin = '',
): Response {
  for (const [name, value] of Object.entries(headers)) {
    const existing = response.headers.get(name);
    if (!existing) response.headers.set(name, value);
    // Astro puts the page's script and style hashes in its own CSP header: add ours to it.
    else if (name === 'content-security-policy' && !existing.includes('frame-ancestors')) {
      const policy = imageOrigin
        ? existing.replace(/(^|;\s*)img-src /, `$1img-src ${imageOrigin} `)
        : existing;
      response.headers.set(name, `${policy.replace(/[;\s]+$/, '')}; ${value}`);
    }
  }
  return response;
}
