import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PushGateway } from '../../server/adapters/push.ts';
import type { Logger } from '../../server/log.ts';
import { deletePushSubscriptionById } from '../accounts/index.ts';
import { retryAt } from './push.payload.ts';
import { claimPush, finishPush } from './push.repository.ts';

/*
 * A push's life in the outbox: `pending` when written, `sending` while a process has it, then
 * `sent` (a push service accepted it), `failed` (to be tried again at `next_attempt_at`), `gone`
 * (the subscription no longer exists: 404 or 410, and it is deleted), or `dropped` (given up
 * after the last try, refused for good by the push service, or no longer allowed to be sent to).
 */

export interface PushDeps {
  db: Kysely<Database>;
  push: PushGateway;
  log: Logger;
  clock: Clock;
  /** VAPID's contact for a site's pushes (the operator's address). */
  subject(siteId: string): string;
}

/** How long the push service keeps a push for a phone that is offline: later, it is stale news. */
const TTL_SECONDS = 4 * 3600;

/** Sends one push of the outbox, if this call gets it; never throws. */
export async function sendPush(
  deps: PushDeps,
  id: string,
  from: readonly ('pending' | 'failed' | 'sending')[] = ['pending'],
): Promise<void> {
  try {
    const push = await claimPush(deps.db, id, from, deps.clock.now());
    if (!push) return;
    const at = () => deps.clock.now();
    if (!push.endpoint || !push.p256dh || !push.auth) {
      // The browser unsubscribed (or another account took the endpoint) since it was written.
      await finishPush(deps.db, id, { status: 'dropped', at: at() });
      return;
    }
    if (!deps.push.allows(push.endpoint)) {
      // Written when it was allowed; the configuration says otherwise now, so it is never sent.
      await forgetSubscription(deps.db, push, id, 'dropped', at());
      return;
    }
    let status: number;
    try {
      ({ status } = await deps.push.send(
        { endpoint: push.endpoint, p256dh: push.p256dh, auth: push.auth },
        push.payload,
        {
          siteId: push.site_id,
          subject: deps.subject(push.site_id),
          ttlSeconds: TTL_SECONDS,
          topic: push.topic,
          urgency: 'high',
        },
      ));
    } catch (error) {
      deps.log.warn('push: the push service did not answer', { error: (error as Error).message });
      status = 0;
    }
    if (status >= 200 && status < 300) {
      await finishPush(deps.db, id, { status: 'sent', at: at() });
    } else if (status === 404 || status === 410) {
      await forgetSubscription(deps.db, push, id, 'gone', at());
    } else if (status === 0 || status === 429 || status >= 500) {
      const next = retryAt(push.attempts, at());
      await finishPush(
        deps.db,
        id,
        next === null ? { status: 'dropped', at: at() } : { status: 'failed', at: at(), nextAttemptAt: next },
      );
    } else {
      // 400, 401, 403, 413…: the push itself is refused; the same push would be refused again.
      deps.log.warn('push: refused by the push service', { status });
      await finishPush(deps.db, id, { status: 'dropped', at: at() });
    }
  } catch (error) {
    deps.log.error('push: sending failed', { push: id, error: (error as Error).message });
  }
}

/**
 * Deletes the subscription a push was for and closes the push, in one transaction: nobody sees
 * the subscription gone while its push still says it is being sent.
 */
async function forgetSubscription(
  db: Kysely<Database>,
  push: { network_id: string; subscription_id: string },
  id: string,
  status: 'gone' | 'dropped',
  at: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await deletePushSubscriptionById(tx, push.network_id, push.subscription_id);
    await finishPush(tx, id, { status, at });
  });
}
