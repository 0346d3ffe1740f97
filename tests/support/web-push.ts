import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A browser's side of web push for tests: a subscription's own P-256 keys and authentication
 * secret, the decryption of what a push service would hand the browser (aes128gcm: RFC 8291 on
 * RFC 8188), and a local push service that records what it receives.
 */

export interface BrowserPushKeys {
  /** As PushSubscription.toJSON() gives them: base64url. */
  p256dh: string;
  auth: string;
  /** The plaintext of an aes128gcm body encrypted for these keys. */
  decrypt(body: Buffer): string;
}

export function browserPushKeys(): BrowserPushKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: auth.toString('base64url'),
    decrypt(body) {
      // RFC 8188 §2.1: salt (16) | record size (4) | key id length (1) | key id (the sender's key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body[20]!;
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (records.length > recordSize) throw new Error('more than one record: not expected of a push');
      // RFC 8291 §3.4: the input keying material from the shared secret and the auth secret.
      const shared = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const tag = records.subarray(records.length - 16);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(tag);
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero padding (RFC 8188 §2).
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface PushReceiver {
  /** `http://127.0.0.1:PORT`: what PUSH_ALLOWED_ORIGINS names. */
  readonly origin: string;
  /** Everything received, oldest first. */
  readonly received: ReceivedPush[];
  /** A fresh endpoint URL on this receiver. */
  endpoint(name?: string): string;
  /** The status the receiver answers for one endpoint's pushes (201 by default). */
  answer(endpoint: string, status: number): void;
  /** The pushes of one endpoint. */
  pushesTo(endpoint: string): ReceivedPush[];
  /** Resolves once `count` pushes reached the endpoint; rejects after `timeoutMs`. */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

let names = 0;

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const wakers = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      res.writeHead(answers.get(path) ?? 201).end();
      for (const wake of wakers) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  const pushesTo = (endpoint: string) => received.filter((push) => push.path === pathOf(endpoint));
  return {
    origin,
    received,
    endpoint: (name = 'sub') => `${origin}/push/${name}-${process.pid}-${++names}`,
    answer: (endpoint, status) => void answers.set(pathOf(endpoint), status),
    pushesTo,
    waitFor(endpoint, count = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const pushes = pushesTo(endpoint);
          if (pushes.length < count) return false;
          wakers.delete(check);
          clearTimeout(timer);
          resolve(pushes);
          return true;
        };
        const timer = setTimeout(() => {
          wakers.delete(check);
          reject(new Error(`${pushesTo(endpoint).length} of ${count} pushes within ${timeoutMs} ms`));
        }, timeoutMs);
        wakers.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
