import { createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's one secret. From APP_SECRET when set (several processes must share it);
 * otherwise generated once into DATA_DIR/secret, so the embedded default needs no setup.
 */
export function loadAppSecret(appSecret: string | undefined, dataDir: string): Buffer {
  if (appSecret) return Buffer.from(appSecret, 'utf8');
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/** A key for one purpose and one site, derived from the app secret (HKDF-SHA256). */
export function deriveKey(secret: Buffer, purpose: string, siteId: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.from(siteId), Buffer.from(purpose), length));
}

/**
 * The site's VAPID key pair for web push, derived rather than stored: each site has its own,
 * and it survives restarts without a key file per site.
 */
export function vapidKeys(secret: Buffer, siteId: string): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  // A 32-byte HKDF output is a valid P-256 scalar with overwhelming probability; a counter
  // covers the rare value at or above the group order.
  for (let counter = 0; ; counter++) {
    const candidate = deriveKey(secret, `vapid:${counter}`, siteId);
    try {
      ecdh.setPrivateKey(candidate);
      return {
        publicKey: ecdh.getPublicKey().toString('base64url'),
        privateKey: candidate.toString('base64url'),
      };
    } catch {
      // try the next counter
    }
  }
}
