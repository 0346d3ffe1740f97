/**
 * Whether a URL given by a client may be fetched by the server: https, and a host on the public
 * internet. Push endpoints are the case in point: the browser hands us a URL and the server later
 * POSTs to it, so a forged subscription must not point the server at itself, the private network
 * or the cloud's metadata service (server-side request forgery).
 *
 * This is the check on the URL as written: IP literals in every spelling the URL parser accepts
 * (it normalises `0x7f.1`, `2130706433` and the like to dotted quads) and names that can only be
 * local. A public-looking name may still resolve to a private address. Push endpoints are held
 * to a stricter rule since (src/server/adapters/push.ts: the browsers' push services only, at
 * subscribe and again at send); this check stays for other URLs a client hands over.
 */
export function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  // Credentials in the URL are never part of a push endpoint; they only smuggle meaning.
  if (url.username || url.password) return false;
  return isPublicHost(url.hostname);
}

/** Suffixes of names that resolve only inside a network (RFC 6761, 6762, 8375 and common use). */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'in-addr.arpa',
  'ip6.arpa',
  'invalid',
  'test',
  'example',
  'onion',
];

/** A URL's hostname (as `URL.hostname` gives it: lower case, IPv6 in brackets). */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return isPublicIpv6(host.slice(1, -1));
  const v4 = parseIpv4(host);
  if (v4) return isPublicIpv4(v4);
  if (!host || !host.includes('.')) return false; // a single label resolves through a local search list
  return !LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Whether an address (IPv4 dotted quad or IPv6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return isPublicIpv4(v4);
  return isPublicIpv6(address.replace(/^\[|\]$/g, ''));
}

function parseIpv4(text: string): [number, number, number, number] | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return parts as [number, number, number, number];
}

/** [first address as a number, prefix length] of every IPv4 block that is not public. */
const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const toNumber = (p: readonly number[]) => ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;

function isPublicIpv4(parts: readonly number[]): boolean {
  const n = toNumber(parts);
  return !PRIVATE_V4.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === toNumber(parseIpv4(base)!);
  });
}

/** Eight 16-bit groups, or undefined when the text is not an IPv6 address. */
function parseIpv6(text: string): number[] | undefined {
  let body = text.split('%')[0]!; // a zone index names a local interface: its address decides
  let tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted) {
    const v4 = parseIpv4(dotted[2]!);
    if (!v4) return undefined;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    body = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

function isPublicIpv6(text: string): boolean {
  const g = parseIpv6(text);
  if (!g) return false;
  const embeddedV4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (the old compatible form) reach that IPv4 address.
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) {
    if (g[5] === 0 && g[6] === 0) return false; // :: and ::1
    return isPublicIpv4(embeddedV4(g[6]!, g[7]!));
  }
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that decides.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return isPublicIpv4(embeddedV4(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isPublicIpv4(embeddedV4(g[1]!, g[2]!));
  // Only global unicast (2000::/3) is public; of it, Teredo (2001::/32) tunnels anywhere and
  // 2001:db8::/32 is for documentation.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return false;
  return true;
}
