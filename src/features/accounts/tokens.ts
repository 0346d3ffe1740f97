import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret for a cookie or an e-mailed link: 32 random bytes (256 bits), base64url, 43
 * characters. Only its SHA-256 is stored, so a copy of the database opens no session and no link;
 * a plain hash suffices because the secret itself has full entropy (nothing to brute-force).
 */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
