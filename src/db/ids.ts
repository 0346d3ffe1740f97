import { randomFillSync } from 'node:crypto';

/** Crockford's base32 without I, L, O, U: no look-alike characters in URLs read aloud. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_LENGTH = 16;

/**
 * The random bytes of the next ids, drawn from the system's generator in bulk (as Node does for
 * `randomUUID`): one call per 400 ids instead of one per id, which was a visible part of a chat
 * send (it takes two ids). Each byte serves one id only.
 */
const POOL_BYTES = 4000;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** The next 10 bytes of the pool: each byte serves one id only. */
function randomBytes10(): Buffer {
  if (poolOffset === POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 10);
  poolOffset += 10;
  return bytes;
}

/** 10 bytes as 16 base32 characters: exactly 80 bits, 16 groups of 5, no padding and no bias. */
function encode(bytes: Buffer): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/**
 * A new opaque id: 16 base32 characters, 80 random bits. Random rather than sequential so a
 * visitor cannot count members or walk through orders; lower case so ids copy into URLs as is.
 */
export function newId(): string {
  return encode(randomBytes10());
}

/**
 * A new id for a row written often and in bulk (a message, a ledger entry): the same 16
 * characters, but the first 24 bits are the clock's seconds (wrapping every 194 days) and only
 * the other 56 are random. A random primary key puts each new row's index entry on a leaf page of
 * its own, one more page in every commit; ids of the same second share their leaves. The rows'
 * times are stored beside them anyway, and 56 random bits are no more to be guessed or counted.
 */
export function newClusteredId(nowMs: number): string {
  // The pool's bytes serve this id only: its first three can be overwritten in place.
  const bytes = randomBytes10();
  const seconds = Math.floor(nowMs / 1000);
  bytes[0] = (seconds >>> 16) & 0xff;
  bytes[1] = (seconds >>> 8) & 0xff;
  bytes[2] = seconds & 0xff;
  return encode(bytes);
}

const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{16}$/;

/** Whether a string from a request could be an id: rejects junk before it reaches a query. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
