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

/**
 * A new opaque id: 16 base32 characters, 80 random bits. Random rather than sequential so a
 * visitor cannot count members or walk through orders; lower case so ids copy into URLs as is.
 */
export function newId(): string {
  // 10 bytes are exactly 80 bits: 16 groups of 5, no padding and no bias.
  if (poolOffset === POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 10);
  poolOffset += 10;
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

const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{16}$/;

/** Whether a string from a request could be an id: rejects junk before it reaches a query. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
