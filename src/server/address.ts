import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/*
 * Client addresses as limits and logs see them. One IPv6 subscriber usually gets a whole /64
 * (and picks new addresses in it at will), so an IPv6 address counts as its /64; an IPv4
 * address, and an IPv4 address written as IPv6 (`::ffff:192.0.2.1`), counts as itself.
 */

function hextets(address: string): number[] | undefined {
  let text = address.split('%', 1)[0]!.toLowerCase();
  // A trailing dotted IPv4 part (`::ffff:192.0.2.1`) stands for the last two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const parts = [...left, ...Array<string>(missing).fill('0'), ...right].map((part) => parseInt(part, 16));
  return parts.length === 8 && parts.every((part) => part >= 0 && part <= 0xffff) ? parts : undefined;
}

/** The part of an address that limits count: an IPv4 address, or an IPv6 /64 (`2001:db8:0:1::/64`). */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split('%', 1)[0]!)) return ip;
  const parts = hextets(ip);
  if (!parts) return ip;
  const mapped = parts.slice(0, 5).every((part) => part === 0) && parts[5] === 0xffff;
  if (mapped) return [parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff].join('.');
  return `${parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * An address as a log line may name it: keyed by the app secret (HMAC-SHA256, shortened), so
 * lines from one address can be grouped, but nobody without the secret can tell which address
 * it was or test a guess.
 */
export function addressTag(secret: Buffer, ip: string): string {
  return createHmac('sha256', secret)
    .update(`address:${addressKey(ip)}`)
    .digest('base64url')
    .slice(0, 16);
}
