import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { vapidKeys } from '../secrets.ts';
import { createPushGateway, pushEndpointAllowed } from './push.ts';

describe('which push endpoints the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://push.services.mozilla.com/wpush/v2/gAAAA'.replace('push.', 'autopush.push.'),
    'https://web.push.apple.com/QGuQyavXutnMWYIqF',
    'https://api.push.apple.com/3/device/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com/fcm/send/upper',
  ])('allows %s', (endpoint) => {
    expect(pushEndpointAllowed(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send',
    'https://evilfcm.googleapis.com/fcm/send',
    'https://push.apple.com/abc',
    'https://notify.windows.com/abc',
    'https://evil-push.apple.com.example/abc',
    'https://services.mozilla.com/wpush',
    'https://127.0.0.1/push',
    'https://localhost/push',
    'not a url',
    '',
  ])('refuses %j', (endpoint) => {
    expect(pushEndpointAllowed(endpoint)).toBe(false);
  });

  it('allows the origins a configuration names, exactly', () => {
    const origins = ['http://127.0.0.1:9999'];
    expect(pushEndpointAllowed('http://127.0.0.1:9999/push/1', origins)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:9998/push/1', origins)).toBe(false);
    expect(pushEndpointAllowed('https://127.0.0.1:9999/push/1', origins)).toBe(false);
    expect(pushEndpointAllowed('http://localhost:9999/push/1', origins)).toBe(false);
  });
});

describe('PUSH_ALLOWED_ORIGINS', () => {
  it('is empty by default, and read as origins', () => {
    expect(parseEnv({}).PUSH_ALLOWED_ORIGINS).toEqual([]);
    expect(
      parseEnv({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9999/, https://push.test.example:8443' })
        .PUSH_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:9999', 'https://push.test.example:8443']);
    expect(() => parseEnv({ PUSH_ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/PUSH_ALLOWED_ORIGINS/);
  });

  it('refuses a plain-http receiver in production over https unless it is said to be meant', () => {
    const production = { PUBLIC_SCHEME: 'https', PAYMENT_PROVIDER: 'test' } as const;
    expect(() => parseEnv({ ...production, PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9999' })).toThrow(
      /PUSH_ALLOWED_ORIGINS/,
    );
    expect(
      parseEnv({
        ...production,
        PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9999',
        PUSH_ALLOW_HTTP_ORIGINS: 'yes',
      }).PUSH_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:9999']);
    expect(
      parseEnv({ ...production, PUSH_ALLOWED_ORIGINS: 'https://push.test.example' }).PUSH_ALLOWED_ORIGINS,
    ).toEqual(['https://push.test.example']);
  });
});

describe('the push gateway', () => {
  it("signs with the site's own VAPID key and sends the encrypted body to an allowed receiver", async () => {
    const received: { headers: http.IncomingHttpHeaders; length: number }[] = [];
    const server = http.createServer((req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => {
        received.push({ headers: req.headers, length });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const secret = randomBytes(32);
      const gateway = createPushGateway({ secret, allowedOrigins: [origin] });
      expect(gateway.publicKey('a')).toBe(vapidKeys(secret, 'a').publicKey);
      expect(gateway.publicKey('a')).not.toBe(gateway.publicKey('b'));
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const target = {
        endpoint: `${origin}/push/1`,
        p256dh: browser.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      };
      const options = {
        siteId: 'a',
        subject: 'mailto:support@example.org',
        ttlSeconds: 60,
        topic: 'chat-c1',
      };
      expect(await gateway.send(target, '{"title":"x"}', options)).toEqual({ status: 201 });
      expect(received[0]!.headers.authorization).toMatch(new RegExp(`, k=${gateway.publicKey('a')}$`));
      expect(received[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(received[0]!.headers.ttl).toBe('60');
      expect(received[0]!.length).toBeGreaterThan(86);
      await expect(
        gateway.send({ ...target, endpoint: 'https://push.example.org/1' }, '{}', options),
      ).rejects.toThrow(/not allowed/);
      expect(received).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
