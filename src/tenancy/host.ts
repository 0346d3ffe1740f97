/**
 * Folds a Host header onto the key of the site map: lower case, no port, no trailing dot,
 * `www.` dropped. Resolution is then one map lookup per request.
 */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    // IPv6 literal: [::1]:4321 → [::1]
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  if (colon !== -1) h = h.slice(0, colon);
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h.startsWith('www.')) h = h.slice(4);
  return h;
}
