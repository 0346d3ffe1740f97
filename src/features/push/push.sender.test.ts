import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../tests/support/factories.ts';
import { baseContext, demoSite } from '../../../tests/support/unit-context.ts';
import { browserPushKeys } from '../../../tests/support/web-push.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { createPushGateway } from '../../server/adapters/push.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { NotificationEvent } from '../../server/notifications.ts';
import { sendPush, type PushDeps } from './push.outbox.ts';
import { MAX_ATTEMPTS } from './push.payload.ts';
import { pushesFor, pushSender } from './push.sender.ts';

/*
 * The outbox's states against a real push gateway and a local push service that answers what a
 * test tells it: sent, gone, tried again, given up, refused for good; and `delivered`.
 */

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

let status = 201;
let received = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(status).end();
  });
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const now = Date.UTC(2026, 10, 28, 12);
const site = demoSite();
function context(): ServiceContext {
  return {
    ...baseContext(site, db, { now: () => now }),
    push: createPushGateway({ secret: Buffer.alloc(32, 3), allowedOrigins: [origin] }),
  } as unknown as ServiceContext;
}
const deps = (ctx: ServiceContext): PushDeps => ({
  db,
  push: ctx.push,
  log: ctx.log,
  clock: ctx.clock,
  subject: () => 'mailto:support@example.org',
});

let events = 0;
async function subscribedPair(ctx: ServiceContext) {
  const make = factories(db);
  const sender = await make.member({ name: 'Ann' });
  const recipient = await make.member({ gender: 'female', seeking: 'male' });
  const keys = browserPushKeys();
  await db
    .insertInto('push_subscriptions')
    .values({
      id: `sub-${++events}`,
      member_id: recipient.memberId,
      network_id: recipient.network,
      site_id: recipient.siteId,
      endpoint: `${origin}/push/${events}`,
      p256dh: keys.p256dh,
      auth: keys.auth,
      user_agent: null,
      created_at: now,
      last_used_at: null,
    })
    .execute();
  const event: NotificationEvent = {
    id: `event-${events}`,
    type: 'like',
    siteId: site.id,
    network: ctx.network,
    recipientMemberId: recipient.memberId,
    actorProfileId: sender.profileId,
    at: new Date(now),
  };
  return { recipient, event };
}

const row = (id: string) =>
  db
    .selectFrom('push_outbox')
    .select(['status', 'attempts', 'payload'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const subscriptionsOf = (member: { memberId: string }) =>
  db.selectFrom('push_subscriptions').select('id').where('member_id', '=', member.memberId).execute();

describe('a push in the outbox', () => {
  it('once a push service took it, is sent, forgets its text, and counts as delivered', async () => {
    const ctx = context();
    const { event } = await subscribedPair(ctx);
    const [id] = await pushesFor(ctx, event);
    expect(await pushSender.delivered!(ctx, event.id)).toBe(false);
    status = 201;
    await sendPush(deps(ctx), id!);
    expect(await row(id!)).toEqual({ status: 'sent', attempts: 1, payload: '' });
    expect(await pushSender.delivered!(ctx, event.id)).toBe(true);
    // Sent once: a second drain of the same row does nothing.
    const before = received;
    await sendPush(deps(ctx), id!, ['pending', 'failed', 'sending']);
    expect(received).toBe(before);
  });

  it('is tried again after a failure, and given up after the last try', async () => {
    const ctx = context();
    const { event } = await subscribedPair(ctx);
    const [id] = await pushesFor(ctx, event);
    status = 503;
    await sendPush(deps(ctx), id!);
    expect(await row(id!)).toMatchObject({ status: 'failed', attempts: 1 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) await sendPush(deps(ctx), id!, ['failed']);
    expect(await row(id!)).toEqual({ status: 'dropped', attempts: MAX_ATTEMPTS, payload: '' });
    expect(await pushSender.delivered!(ctx, event.id)).toBe(false);
  });

  it.each([
    {
      title: 'refused for good (400, 403) is dropped at once; the subscription stays',
      answer: 403,
      outbox: { status: 'dropped', attempts: 1 },
      subscriptionsLeft: 1,
    },
    {
      title: 'to a subscription the push service calls gone (404) deletes the subscription',
      answer: 404,
      outbox: { status: 'gone' },
      subscriptionsLeft: 0,
    },
  ])('$title', async ({ answer, outbox, subscriptionsLeft }) => {
    const ctx = context();
    const { event, recipient } = await subscribedPair(ctx);
    const [id] = await pushesFor(ctx, event);
    status = answer;
    await sendPush(deps(ctx), id!);
    expect(await row(id!)).toMatchObject(outbox);
    expect(await subscriptionsOf(recipient)).toHaveLength(subscriptionsLeft);
  });

  it('is not written for a member without subscription, or for a deleted one', async () => {
    const ctx = context();
    const { event, recipient } = await subscribedPair(ctx);
    await db.updateTable('members').set({ status: 'deleted' }).where('id', '=', recipient.memberId).execute();
    expect(await pushesFor(ctx, event)).toEqual([]);
    const lonely = await factories(db).member();
    expect(await pushesFor(ctx, { ...event, recipientMemberId: lonely.memberId })).toEqual([]);
  });
});
