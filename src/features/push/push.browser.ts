import { api } from '../../lib/api-client.ts';
import { pushRegistration, readPushStatus, type PushStatus } from '../shell/push-state.ts';
import type { PushSubscriptionInput } from '../accounts/accounts.schemas.ts';

/* Subscribing and unsubscribing this browser (browser only). */

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission (only ever after the member's click), subscribes with the site's
 * key and attaches the subscription to the account. Answers the state it ended in; rejects when
 * the browser or the server failed.
 */
export async function subscribePush(publicKey: string): Promise<PushStatus> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return (await readPushStatus()).status === 'denied' ? 'denied' : 'capable';
  const registration = await pushRegistration();
  if (!registration) return 'unsupported';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api('POST /api/user.php?push=1', {
    subscription: subscription.toJSON() as PushSubscriptionInput['subscription'],
  });
  return (await readPushStatus()).status;
}

/** Detaches this browser's subscription from the account, then ends it in the browser. */
export async function unsubscribePush(): Promise<PushStatus> {
  const { subscription } = await readPushStatus();
  if (subscription) {
    await api('DELETE /api/user.php?push=1', { endpoint: subscription.endpoint });
    await subscription.unsubscribe().catch(() => false);
  }
  return (await readPushStatus()).status;
}
