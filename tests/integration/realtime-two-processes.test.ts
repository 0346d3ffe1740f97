import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRedis, type TestRedis } from '../support/redis.ts';
import { openSse } from '../support/sse.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { payingMember, sendText } from './chat-support.ts';
import { addDirectly, CONSOLE_HOST, logIn } from './console-support.ts';
import { call, shownMember, type LoggedIn } from './likes-support.ts';

/*
 * Two server processes on one PostgreSQL database with REDIS_URL: what one publishes reaches a
 * stream held by the other, and a client that reconnects to the other process with
 * Last-Event-ID misses nothing.
 */

let redis: TestRedis;
let second: TestServer;

const first = useServer({
  database: 'postgres',
  env: async () => {
    redis = await withRedis();
    return { REDIS_URL: redis.url };
  },
});

beforeAll(async () => {
  second = await startServer({
    env: { DATABASE_URL: first.server.databaseUrl, REDIS_URL: redis.url },
  });
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await redis?.stop();
});

const streamOn = (server: TestServer, member: LoggedIn, lastEventId?: string) =>
  openSse(server.baseUrl, '/api/events.php', { cookie: member.cookie, lastEventId });

async function likeOn(server: TestServer, from: LoggedIn, to: LoggedIn): Promise<void> {
  const res = await server.request('/api/like.php', {
    method: 'POST',
    headers: { cookie: from.cookie },
    body: { profile: to.profileId },
  });
  expect(res.status).toBeLessThan(300);
}

describe('realtime across two processes (PostgreSQL and Redis)', () => {
  it('delivers a like published through process 1 to a stream on process 2', async () => {
    const ann = await shownMember(first);
    const bo = await shownMember(first);
    const sse = await streamOn(second, bo);
    try {
      expect(sse.status).toBe(200);
      await sse.waitFor((_e, c) => c.includes('open'));
      await call(first, ann, 'POST', '/api/like.php', { profile: bo.profileId });
      const [like] = await sse.waitFor((events) => events.some((e) => e.event === 'like'));
      expect(JSON.parse(like!.data)).toEqual({ profile: ann.profileId });
    } finally {
      sse.close();
    }
  });

  it('delivers a chat message sent through process 1 to the receiver on process 2, and the credits to the sender', async () => {
    const ann = await payingMember(first, 100);
    const bo = await shownMember(first);
    const receiver = await streamOn(second, bo);
    const sender = await streamOn(second, ann);
    try {
      await receiver.waitFor((_e, c) => c.includes('open'));
      await sender.waitFor((_e, c) => c.includes('open'));
      const res = await sendText(first, ann, bo, 'Hello from the other process');
      expect(res.status).toBeLessThan(300);
      const [message] = await receiver.waitFor((events) => events.some((e) => e.event === 'message'));
      expect(JSON.parse(message!.data)).toMatchObject({ message: { text: 'Hello from the other process' } });
      const credits = await sender.waitFor((events) => events.some((e) => e.event === 'credits'));
      expect(JSON.parse(credits.find((e) => e.event === 'credits')!.data).balance).toBeLessThan(100);
    } finally {
      receiver.close();
      sender.close();
    }
  });

  it('resumes on the other process after Last-Event-ID without gaps or duplicates', async () => {
    const cy = await shownMember(first);
    const likers = [await shownMember(first), await shownMember(first), await shownMember(first)];
    const onFirst = await streamOn(first.server, cy);
    await onFirst.waitFor((_e, c) => c.includes('open'));
    await likeOn(second, likers[0]!, cy);
    const [seen] = await onFirst.waitFor((events) => events.length >= 1);
    onFirst.close();
    // While the client is away, one like through each process.
    await likeOn(first.server, likers[1]!, cy);
    await likeOn(second, likers[2]!, cy);
    const onSecond = await streamOn(second, cy, seen!.id!);
    try {
      await onSecond.waitFor((events) => events.length >= 2);
      // And one live after the reconnect, through the process the client left.
      const late = await shownMember(first);
      await likeOn(first.server, late, cy);
      await onSecond.waitFor((events) => events.length >= 3);
      await new Promise((r) => setTimeout(r, 200));
      expect(onSecond.events.map((e) => JSON.parse(e.data).profile)).toEqual([
        likers[1]!.profileId,
        likers[2]!.profileId,
        late.profileId,
      ]);
      const ids = onSecond.events.map((e) => Number(e.id));
      expect(ids.every((id) => id > Number(seen!.id))).toBe(true);
      expect(new Set(ids).size).toBe(3);
    } finally {
      onSecond.close();
    }
  });

  it('closes a stream held by process 2 within a second of a logout through process 1', async () => {
    const ann = await shownMember(first);
    const other = await first.make.session(ann);
    const ending = await streamOn(second, ann);
    const staying = await streamOn(second, { ...ann, ...other });
    try {
      await ending.waitFor((_e, c) => c.includes('open'));
      await staying.waitFor((_e, c) => c.includes('open'));
      const started = Date.now();
      expect((await call(first, ann, 'POST', '/api/logout.php', {})).status).toBe(200);
      await ending.waitForEnd(1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(staying.ended).toBe(false);
    } finally {
      ending.close();
      staying.close();
    }
  });

  it('brings a member’s message to an operator-run profile to a host’s console on process 2, until the host logs out on process 1', async () => {
    const martin = await payingMember(first, 100);
    const operator = await first.make.operatorProfile({ network: martin.network, name: 'Sophie' });
    const host = await logIn(first, await addDirectly(first, 'host', martin.network));
    const inbox = await openSse(second.baseUrl, '/console/api/inbox-events.php', {
      host: CONSOLE_HOST,
      cookie: `staff=${host.cookies.get('staff')}`,
    });
    try {
      expect(inbox.status).toBe(200);
      await inbox.waitFor((_e, c) => c.includes('open'));
      const sent = await sendText(first, martin, operator, 'Hello Sophie');
      expect(sent.status).toBe(201);
      const conversation = sent.json<{ message: { conversation: string } }>().message.conversation;
      const [waiting] = await inbox.waitFor((events) => events.some((e) => e.event === 'inbox'));
      expect(JSON.parse(waiting!.data)).toEqual({ conversation, network: martin.network, change: 'waiting' });
      // The staff session ends on process 1: the stream on process 2 closes long before a heartbeat.
      expect((await host.send('DELETE', '/console/api/session.php', {})).status).toBe(200);
      await inbox.waitForEnd(5_000);
    } finally {
      inbox.close();
    }
  });
});
