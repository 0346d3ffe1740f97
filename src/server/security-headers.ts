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
