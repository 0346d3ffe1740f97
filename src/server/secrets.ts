import { createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's one secret. From APP_SECRET when set (several processes must share it);
 * otherwise generated once into DATA_DIR/secret, so the embedded default needs no setup.
 */
export function loadAppSecret(appSecret: string | undefined, dataDir: string): Buffer {
  if (appSecret) return Buffer.from(appSecret, 'utf8');
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readSecret(file);
  mkdirSync(dataDir, { recursive: true });
  return writeSecretOnce(file, randomBytes(32));
}

function readSecret(file: string): Buffer {
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

/**
 * Puts `secret` at `file` unless another process did first, and answers the one that is there.
 * Processes started together on one DATA_DIR all pass the existence check: the file is written
 * whole beside its name and linked into place (one atomic step that fails when the name is
 * taken), so none of them reads a half-written file or dies on the other's, and all share one.
 */
export function writeSecretOnce(file: string, secret: Buffer): Buffer {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, secret.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecret(file);
  } finally {
    rmSync(temporary, { force: true });
  }
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
