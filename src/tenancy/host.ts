/**
 * Folds a Host header onto the key of the site map: lower case, no port, no trailing dot,
 * `www.` dropped. Resolution is then one map lookup per request.
 *
 * Folding the result again changes nothing (`www.www.x`, `x..` and stray spaces fold all the way
 * at once), so a key made from a tenant file and a key made from a request always agree.
 */
export function normalizeHost(host: string): string {
  let h = host.toLowerCase().trim();
  while (h.startsWith('www.')) h = h.slice(4).trimStart();
  if (h.startsWith('[')) {
    // IPv6 literal: [::1]:4321 → [::1]
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  if (colon !== -1) h = h.slice(0, colon);
  return h.replace(/[\s.]+$/, '');
}
