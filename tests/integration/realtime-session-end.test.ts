import { describe, expect, it } from 'vitest';
import { openSse, type SseClient } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';
import { changePassword, deleteAccount, lastMailTo, linkIn } from './accounts-helpers.ts';
import { payingMember, sendText } from './chat-support.ts';
import { call, shownMember, type LoggedIn } from './likes-support.ts';

/*
 * An event stream ends with the session it was opened with: a logout, a password change or
 * reset and an account deletion close it within a second, on the fast path and through the app
 * alike, and it delivers nothing after. Another session's stream stays open. A session that runs
 * out by itself ends its streams at the next heartbeat (here every 0.2 s), unless it was renewed.
 * (Across processes, through Redis: realtime-two-processes.test.ts.)
 */

const DAY = 24 * 60 * 60 * 1000;
const HEARTBEAT_MS = 200;

const app = useServer({
  trustProxy: true,
  clock: true,
  env: { EVENTS_HEARTBEAT_SECONDS: String(HEARTBEAT_MS / 1000) },
});

/** Another session of the member; `viaApp` makes it one the app serves (its last seen mark is due). */
async function secondSession(member: LoggedIn, viaApp = false): Promise<LoggedIn> {
  const session = await app.make.session(member);
  if (viaApp)
    await app.db
      .updateTable('sessions')
      .set({ last_seen_at: 0 })
      .where('id', '=', session.sessionId)
      .execute();
  return { ...member, ...session };
}

async function stream(member: LoggedIn): Promise<SseClient> {
  const sse = await openSse(app.server.baseUrl, '/api/events.php', { cookie: member.cookie });
  expect(sse.status).toBe(200);
  await sse.waitFor((_e, comments) => comments.includes('open'));
  return sse;
}

/** Ends within a second of `started`. */
async function endsWithinASecond(sse: SseClient, started: number): Promise<void> {
  await sse.waitForEnd(1_000);
  expect(Date.now() - started).toBeLessThan(1_000);
}

describe('an event stream ends with its session', () => {
  it('on logout: that session’s streams close (fast path and app), the other session’s stays and gets the next message', async () => {
    const ann = await shownMember(app);
    const annApp = await secondSession(ann, true);
    const annOther = await secondSession(ann);
    const bo = await payingMember(app, 100);
    const fast = await stream(ann);
    const viaApp = await stream(annApp);
    const other = await stream(annOther);
    try {
      const started = Date.now();
      expect((await call(app, ann, 'POST', '/api/logout.php', {})).status).toBe(200);
      await endsWithinASecond(fast, started);
      expect(viaApp.ended).toBe(false);
      expect((await call(app, annApp, 'POST', '/api/logout.php', {})).status).toBe(200);
      await viaApp.waitForEnd(1_000);
      expect((await sendText(app, bo, ann, 'After the logout')).status).toBeLessThan(300);
      await other.waitFor((events) => events.some((e) => e.event === 'message'));
      expect(other.ended).toBe(false);
      for (const ended of [fast, viaApp]) expect(ended.text()).not.toContain('After the logout');
    } finally {
      for (const sse of [fast, viaApp, other]) sse.close();
    }
  });

  it('on a password change: every stream of the member closes, the page that changed it too', async () => {
    const ann = await shownMember(app);
    const annOther = await secondSession(ann, true);
    const streams = [await stream(ann), await stream(annOther)];
    try {
      const started = Date.now();
      const res = await changePassword(visitorOf(ann), ann.password, 'a new long password 42', {
        keep_current_session: true,
      });
      expect(res.status).toBe(200);
      for (const sse of streams) await endsWithinASecond(sse, started);
    } finally {
      for (const sse of streams) sse.close();
    }
  });

  it('on a password reset: every stream of the member closes', async () => {
    const ann = await shownMember(app);
    const sse = await stream(ann);
    try {
      await app.visitor().send('POST', '/api/password-reset.php', { email: ann.email });
      const { token } = linkIn(lastMailTo(app.server, ann.email), '/reset-password/do');
      const started = Date.now();
      const res = await app.visitor().send('POST', '/api/password-reset.php?do=1', {
        token,
        password: 'a new long password 42',
        password_repeat: 'a new long password 42',
      });
      expect(res.status).toBe(200);
      await endsWithinASecond(sse, started);
    } finally {
      sse.close();
    }
  });

  it('on an account deletion: every stream of the member closes', async () => {
    const ann = await shownMember(app);
    const annOther = await secondSession(ann);
    const streams = [await stream(ann), await stream(annOther)];
    try {
      const started = Date.now();
      const res = await deleteAccount(visitorOf(ann), ann.password, 'no_matches');
      expect(res.status).toBe(200);
      for (const sse of streams) await endsWithinASecond(sse, started);
    } finally {
      for (const sse of streams) sse.close();
    }
  });
});

describe('an event stream ends when its session runs out', () => {
  it('at the next heartbeat after the session’s end (fast path and app)', async () => {
    // Sessions of 30 days (the factory's), opened now.
    const ann = await shownMember(app);
    const annApp = await secondSession(ann, true);
    const streams = [await stream(ann), await stream(annApp)];
    try {
      await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_MS));
      for (const sse of streams) expect(sse.ended).toBe(false);
      app.setClock(30 * DAY + 60_000);
      for (const sse of streams) await sse.waitForEnd(1_000);
    } finally {
      for (const sse of streams) sse.close();
      await app.clockBack();
    }
  });

  it('not when the session was renewed meanwhile: it goes on delivering until the new end', async () => {
    const ann = await shownMember(app);
    const sse = await stream(ann);
    try {
      // 20 days on, a request of the session renews it (less than half its life was left).
      await app.withClock(20 * DAY, async () => {
        expect((await call(app, ann, 'GET', '/api/user.php')).status).toBe(200);
      });
      const renewed = await app.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', ann.sessionId)
        .executeTakeFirstOrThrow();
      expect(Number(renewed.expires_at)).toBeGreaterThan(Date.now() + 45 * DAY);
      // Past the end the stream was opened with: it reads the renewed end and stays.
      app.setClock(30 * DAY + 60_000);
      await new Promise((resolve) => setTimeout(resolve, 5 * HEARTBEAT_MS));
      expect(sse.ended).toBe(false);
      // A sender whose session no job run of the moved clock purges.
      await app.clockBack();
      const bo = await payingMember(app, 100);
      expect((await sendText(app, bo, ann, 'Still here')).status).toBeLessThan(300);
      await sse.waitFor((events) => events.some((e) => e.event === 'message'));
      // Past the renewed end, it ends.
      app.setClock(50 * DAY + 60_000);
      await sse.waitForEnd(1_000);
    } finally {
      sse.close();
      await app.clockBack();
    }
  });
});

/** A browser holding the member's session cookie. */
function visitorOf(member: LoggedIn) {
  const visitor = app.visitor();
  visitor.cookies.set('session', member.token);
  return visitor;
}
