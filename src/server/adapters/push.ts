import { createHash } from 'node:crypto';
import type WebPush from 'web-push';
import { vapidKeys } from '../secrets.ts';

/*
 * Web push (ARCHITECTURE rule 6: web-push with VAPID keys per site). The browser hands the server
 * an endpoint URL and the server later POSTs to it, so which URLs it may POST to is decided here,
 * once for the subscription call and again when a push leaves.
 */

/**
 * The hosts of the browsers' push services: Chrome, Edge on Android and most Chromium browsers
 * (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge on Windows (WNS). Exact names and
 * suffixes (a suffix entry starts with a dot).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

/**
 * Whether the server may send to `endpoint`: https on the default port of a known push service,
 * without credentials; or an origin named in `extraOrigins` (PUSH_ALLOWED_ORIGINS: a local
 * receiver in tests). A forged subscription can thus never point the server at itself, the
 * private network or any other site (server-side request forgery). The known services' names
 * are their operators' own, so no check of the resolved addresses is needed beyond this list.
 */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) =>
    known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known,
  );
}

/** Where one push goes: the browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key (base64url). */
  p256dh: string;
  /** The browser's 16 authentication bytes (base64url). */
  auth: string;
}

export interface PushSendOptions {
  /** The site whose VAPID keys sign the request. */
  siteId: string;
  /** VAPID's contact (`mailto:` or an https URL): the push service writes there about abuse. */
  subject: string;
  /** How long the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  /**
   * A message waiting at the push service with the same topic is replaced by a newer one (a burst
   * in one conversation reaches an offline phone as one). Any text; sent hashed.
   */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** The push service's answer: its HTTP status (201 accepted; 404 and 410 the subscription is gone). */
export interface PushSendResult {
  status: number;
}

export interface PushGateway {
  /** The site's VAPID public key (`push_public_key` in the settings), for `pushManager.subscribe`. */
  publicKey(siteId: string): string;
  /** Whether the server may send to this endpoint (see `pushEndpointAllowed`). */
  allows(endpoint: string): boolean;
  /**
   * Encrypts `payload` for the browser (aes128gcm, RFC 8291), signs the request with the site's
   * VAPID keys and POSTs it. Rejects when the push service cannot be reached or does not answer
   * in time; answers its status otherwise.
   */
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushSendResult>;
}

/**
 * A VAPID signature (RFC 8292) is valid for at most a day; one is made per site, push service and
 * contact and used for this long, so a burst of pushes does not sign each one again.
 */
const VAPID_VALID_SECONDS = 12 * 3600;
const VAPID_RENEW_BEFORE_MS = 3600_000;

/** A push service that does not answer within this long is tried again later. */
const SEND_TIMEOUT_MS = 10_000;

/** A Topic header is at most 32 characters of the URL-safe base64 alphabet (RFC 8030 §5.4). */
function topicOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}

export function createPushGateway(options: {
  secret: Buffer;
  allowedOrigins?: readonly string[];
}): PushGateway {
  const extraOrigins = options.allowedOrigins ?? [];
  // Derived once per site and process: the keys never change for a secret.
  const keys = new Map<string, { publicKey: string; privateKey: string }>();
  const keysOf = (siteId: string) => {
    let pair = keys.get(siteId);
    if (!pair) keys.set(siteId, (pair = vapidKeys(options.secret, siteId)));
    return pair;
  };
  const signatures = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationOf = (webpush: typeof WebPush, siteId: string, endpoint: string, subject: string) => {
    const audience = new URL(endpoint).origin;
    const key = `${siteId}\u0000${audience}\u0000${subject}`;
    const now = Date.now();
    let signature = signatures.get(key);
    if (!signature || signature.renewAt <= now) {
      const pair = keysOf(siteId);
      const expiration = Math.floor(now / 1000) + VAPID_VALID_SECONDS;
      const headers = webpush.getVapidHeaders(
        audience,
        subject,
        pair.publicKey,
        pair.privateKey,
        'aes128gcm',
        expiration,
      );
      signature = {
        authorization: headers.Authorization,
        renewAt: expiration * 1000 - VAPID_RENEW_BEFORE_MS,
      };
      signatures.set(key, signature);
    }
    return signature.authorization;
  };
  return {
    publicKey: (siteId) => keysOf(siteId).publicKey,
    allows: (endpoint) => pushEndpointAllowed(endpoint, extraOrigins),
    async send(target, payload, send) {
      if (!pushEndpointAllowed(target.endpoint, extraOrigins)) {
        throw new Error('push endpoint not allowed');
      }
      // web-push (loaded with the first push, not with the server) encrypts the body
      // (aes128gcm); the VAPID header is this gateway's, signed once for many pushes. The request
      // goes out with fetch, which speaks http to a local receiver as well as https to the push
      // services and keeps connections to a push service alive.
      const { default: webpush } = await import('web-push');
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          headers: { Authorization: authorizationOf(webpush, send.siteId, target.endpoint, send.subject) },
          TTL: send.ttlSeconds,
          urgency: send.urgency ?? 'normal',
          ...(send.topic ? { topic: topicOf(send.topic) } : {}),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch measures the body itself.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      // The body is of no use (a reason phrase at most); read so the connection is reused.
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status };
    },
  };
}
