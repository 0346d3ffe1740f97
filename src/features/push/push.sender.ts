import { randomUUID } from 'node:crypto';
import { isLocale } from '../../i18n/locales.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { NotificationEvent, NotificationSender } from '../../server/notifications.ts';
import type { Site } from '../../tenancy/site.ts';
import { pushSubscriptionsOf, deletePushSubscriptionById } from '../accounts/index.ts';
import { notificationPreferences } from '../notifications/index.ts';
import { blockBetween } from '../profiles/index.ts';
import { sendPush, type PushDeps } from './push.outbox.ts';
import { buildPayload, categoryOf, tagOf } from './push.payload.ts';
import { actorOf, badgeOf, eventPushed, insertPushes, recipientOf, type NewPush } from './push.repository.ts';

/** VAPID's contact: the site's support address (the push services write there about abuse). */
export function vapidSubject(site: Pick<Site, 'supportEmail' | 'primaryDomain'>): string {
  return site.supportEmail ? `mailto:${site.supportEmail}` : `https://${site.primaryDomain}`;
}

/** What the drain after a request needs of its context (no request state: it runs after it). */
function depsOf(ctx: ServiceContext): PushDeps {
  const subject = vapidSubject(ctx.site);
  return { db: ctx.db, push: ctx.push, log: ctx.log, clock: ctx.clock, subject: () => subject };
}

/**
 * Writes the pushes for an event, one per subscription of the recipient, when the recipient is
 * away and wants them: a subscription exists, push is on, the event's category is on, no event
 * stream is open (the bus knows every process's, see RealtimeBus.listening), and neither side
 * blocks the other. Answers the rows written.
 */
export async function pushesFor(ctx: ServiceContext, event: NotificationEvent): Promise<string[]> {
  const { db, network } = ctx;
  // Most members have no subscription: the cheapest question first.
  const subscriptions = await pushSubscriptionsOf(db, network, event.recipientMemberId);
  if (subscriptions.length === 0) return [];
  const recipient = await recipientOf(db, network, event.recipientMemberId);
  if (!recipient || recipient.status === 'deleted' || !recipient.profileId) return [];
  const preferences = await notificationPreferences(ctx, event.recipientMemberId);
  if (!preferences.push || preferences.disabled.includes(categoryOf(event))) return [];
  if (await ctx.realtime.listening(network, event.recipientMemberId)) return [];
  // Chat and likes refuse a blocked pair before they notify; asked again here, because a push
  // reaches a locked screen and must never carry the name of someone the member blocked.
  const block = await blockBetween(db, network, recipient.profileId, event.actorProfileId);
  if (block.byViewer || block.byThem) return [];
  const actor = await actorOf(db, network, event.actorProfileId);
  if (!actor) return [];
  // The recipient's language; the texts of the sender's site, a sister brand of the recipient's
  // in the same network (the service context knows no other site).
  const locale =
    isLocale(recipient.language) && ctx.site.locales.includes(recipient.language)
      ? recipient.language
      : (ctx.site.domainLocale ?? ctx.site.locales[0]!);
  const payload = buildPayload({
    event,
    actor,
    preview: preferences.push_preview,
    badge: await badgeOf(db, network, recipient.profileId),
    site: ctx.site,
    locale,
  });
  const json = JSON.stringify(payload);
  const now = ctx.clock.now();
  const rows: NewPush[] = [];
  for (const subscription of subscriptions) {
    if (!ctx.push.allows(subscription.endpoint)) {
      // Saved before the rule (or a test origin no longer configured): never sent to.
      await deletePushSubscriptionById(db, network, subscription.id);
      continue;
    }
    rows.push({
      id: randomUUID(),
      memberId: event.recipientMemberId,
      siteId: subscription.site_id,
      eventId: event.id,
      subscriptionId: subscription.id,
      payload: json,
      topic: tagOf(event),
      now,
    });
  }
  await insertPushes(db, network, rows);
  return rows.map((row) => row.id);
}

/**
 * The push channel of `notify()`. `accept` writes the outbox rows in the request (after the
 * feature's commit) and hands them to the event loop's next turn: the member's answer does not
 * wait for a push service, and the push leaves within moments. What fails is sent again by the
 * `push.retry` job.
 */
export const pushSender: NotificationSender = {
  name: 'push',
  async accept(ctx, event) {
    const ids = await pushesFor(ctx, event);
    if (ids.length === 0) return;
    const deps = depsOf(ctx);
    setImmediate(() => {
      for (const id of ids) void sendPush(deps, id);
    });
  },
  delivered: (ctx, eventId) => eventPushed(ctx.db, ctx.network, eventId),
};
