import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { deriveKey } from '../../server/secrets.ts';

/*
 * The secrets of staff logins: session tokens and recovery codes (stored only as SHA-256
 * hashes), and the TOTP secret (RFC 6238 with otplib: SHA-1, 6 digits, 30 s, as every
 * authenticator app reads it), stored encrypted under a key derived from the app secret, so a
 * copy of the database alone cannot produce codes.
 */

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A session cookie's token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isStaffToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** A one-time password for a new staff account: 20 characters of an unambiguous alphabet. */
export function newOneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Recovery codes: 10 of `xxxx-xxxx` (lower case letters and digits). */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** A recovery code as typed (spaces, case, a missing dash) to the form whose hash is stored. */
export function normalizeRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

function totpKey(appSecret: Buffer): Buffer {
  return deriveKey(appSecret, 'staff-totp', 'console');
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function sealTotpSecret(appSecret: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', totpKey(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

export function openTotpSecret(appSecret: Buffer, stored: string): string {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', totpKey(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Kindred console', label: email, secret });
}

/** The code of `secret` at `now` (epoch ms). */
export function totpCode(secret: string, now: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

/**
 * The time step of a code valid at `now` (one step of clock drift either way), after the last
 * step taken, or undefined: a code is good once.
 */
export async function totpStep(
  secret: string,
  code: string,
  now: number,
  afterStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: 30,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
