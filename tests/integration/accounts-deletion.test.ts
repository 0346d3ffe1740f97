import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import {
  currentUser,
  DAY,
  lastMailTo,
  linkIn,
  setClockOffset,
  signUp,
  startAccountsServer,
  Visitor,
  withDatabase,
} from './accounts-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startAccountsServer();
});
afterAll(async () => {
  await server?.stop();
});

interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

describe('notification preferences', () => {
  it('start all on, save the member’s list, and explain what the system switched off', async () => {
    const member = new Visitor(server);
    const { user } = await signUp(member);
    expect((await member.get('/api/notifications.php')).json()).toEqual({ disabled: [], reasons: {} });

    const saved = await member.send('PUT', '/api/notifications.php', {
      disabled: ['promotions', 'news', 'promotions'],
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ disabled: ['promotions', 'news'], reasons: {} });
    expect((await currentUser(member))?.notifications_disabled).toEqual(['promotions', 'news']);

    // A bounce switched the reminders off (the mail issue will record these).
    withDatabase(server, (db) =>
      db
        .prepare(
          "insert into notification_preferences (member_id, network_id, category, disabled, reason, updated_at) values (?, 'amber', 'reminders', 1, 'bounce', 0)",
        )
        .run(user.id),
    );
    expect((await member.get('/api/notifications.php')).json()).toEqual({
      disabled: ['promotions', 'news', 'reminders'],
      reasons: { reminders: 'bounce' },
    });
    // Keeping it off keeps the reason; the member may switch it on again.
    const kept = await member.send('PUT', '/api/notifications.php', { disabled: ['reminders'] });
    expect(kept.json()).toEqual({ disabled: ['reminders'], reasons: { reminders: 'bounce' } });
    const on = await member.send('PUT', '/api/notifications.php', { disabled: [] });
    expect(on.json()).toEqual({ disabled: [], reasons: {} });
  });

  it('refuse an unknown category and visitors', async () => {
    const member = new Visitor(server);
    await signUp(member);
    const bad = await member.send('PUT', '/api/notifications.php', { disabled: ['spam'] });
    expect(bad.status).toBe(422);
    expect((await new Visitor(server).get('/api/notifications.php')).status).toBe(403);
  });
});

describe('privacy modes', () => {
  it('invisible and private are saved and reported', async () => {
    const member = new Visitor(server);
    await signUp(member);
    const invisible = await member.send('PUT', '/api/account.php', { invisible: true });
    expect(invisible.json<{ user: { invisible: boolean; private: boolean } }>().user).toMatchObject({
      invisible: true,
      private: false,
    });
    const both = await member.send('PUT', '/api/account.php', { private: true, invisible: false });
    expect(both.json<{ user: { invisible: boolean; private: boolean } }>().user).toMatchObject({
      invisible: false,
      private: true,
    });
    expect(await currentUser(member)).toMatchObject({ invisible: false, private: true });
    const nothing = await member.send('PUT', '/api/account.php', {});
    expect(nothing.status).toBe(422);
  });
});

describe('account deletion', () => {
  it('needs the password and a listed reason', async () => {
    const member = new Visitor(server);
    const { fields } = await signUp(member);
    const wrong = await member.send('DELETE', '/api/account.php', {
      password: 'not my password',
      reason: 'other',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json<ErrorBody>().fields).toEqual({ password: 'password_wrong' });
    const noReason = await member.send('DELETE', '/api/account.php', {
      password: fields.password,
      reason: 'bored',
    });
    expect(noReason.json<ErrorBody>().fields).toEqual({ reason: 'reason_invalid' });
    expect(await currentUser(member)).not.toBeNull();
  });

  it('ends every session and hides the profile at once; the e-mailed link brings it back within 14 days', async () => {
    const member = new Visitor(server);
    const { fields, user } = await signUp(member);
    const activation = linkIn(lastMailTo(server, user.email), '/api/activate.php');
    await new Visitor(server).get(activation.pathAndQuery);
    const elsewhere = new Visitor(server);
    await elsewhere.send('POST', '/api/user.php', { email: fields.email, password: fields.password });

    const deleted = await member.send('DELETE', '/api/account.php', {
      password: fields.password,
      reason: 'found_partner',
      comment: 'Thanks for everything',
    });
    expect(deleted.status).toBe(200);
    const body = deleted.json<{ ok: boolean; reactivate_until: string }>();
    expect(body.ok).toBe(true);
    const until = Date.parse(body.reactivate_until);
    expect(until - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    expect(until - Date.now()).toBeLessThan(14 * DAY + 60_000);

    expect(await currentUser(member)).toBeNull();
    expect(await currentUser(elsewhere)).toBeNull();
    const profile = withDatabase(server, (db) =>
      db.prepare('select status from profiles where member_id = ?').get(user.id),
    );
    expect(profile).toEqual({ status: 'disabled' });
    const login = await new Visitor(server).send('POST', '/api/user.php', {
      email: fields.email,
      password: fields.password,
    });
    expect(login.status).toBe(409);
    expect(login.json<ErrorBody>().error).toBe('account_pending_deletion');

    const mail = lastMailTo(server, fields.email);
    expect(mail.subject).toBe('Your account at Amber Hearts has been deleted');
    const link = linkIn(mail, '/account-deleted');

    const back = new Visitor(server);
    const reactivated = await setClockThen(13 * DAY, () =>
      back.send('POST', '/api/reactivate.php', { token: link.token }),
    );
    expect(reactivated.status).toBe(200);
    expect(
      reactivated.json<{ user: { id: string; status: string; profile: { status: string } } }>().user,
    ).toMatchObject({
      id: user.id,
      status: 'active',
      profile: { status: 'active' },
    });
    expect((await currentUser(back))?.id).toBe(user.id);
    const reused = await new Visitor(server).send('POST', '/api/reactivate.php', { token: link.token });
    expect(reused.status).toBe(400);
  });

  it('after 14 days the link fails and nothing personal remains', async () => {
    const member = new Visitor(server);
    const { fields, user } = await signUp(member, { name: 'Erasable Person', signup_message: 'hi' });
    await member.send('PUT', '/api/notifications.php', { disabled: ['news'] });

    // Give the member what a real account gathers: a photo on disk, a message, a like, a tracking record.
    const photo = seedMemberContent(user.id, user.profile.id);
    const photoPaths = photo.files.map((file) => join(server.dataDir, 'uploads', file));
    for (const path of photoPaths) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, 'image bytes');
    }

    const deleted = await member.send('DELETE', '/api/account.php', {
      password: fields.password,
      reason: 'privacy',
    });
    expect(deleted.status).toBe(200);
    const { token } = linkIn(lastMailTo(server, fields.email), '/account-deleted');

    setClockOffset(server, 14 * DAY + 60_000);
    try {
      await server.waitForOutput(/erasure: personal data of a deleted account removed.*/, 10_000);
      await waitUntil(() =>
        withDatabase(server, (db) =>
          (
            db.prepare('select email from members where id = ?').get(user.id) as { email: string }
          ).email.startsWith('erased-'),
        ),
      );
      const late = await new Visitor(server).send('POST', '/api/reactivate.php', { token });
      expect(late.status).toBe(400);
      expect(late.json<ErrorBody>()).toEqual({
        error: 'link_invalid',
        message: 'Link expired or invalid, request a new email',
      });
    } finally {
      setClockOffset(server, 0);
    }

    const row = withDatabase(server, (db) => ({
      member: db.prepare('select * from members where id = ?').get(user.id) as Record<string, unknown>,
      profile: db.prepare('select * from profiles where member_id = ?').get(user.id) as Record<
        string,
        unknown
      >,
      photos: db.prepare('select count(*) as n from photos where profile_id = ?').get(user.profile.id),
      messages: db.prepare('select text from messages where sender_profile_id = ?').all(user.profile.id),
      tokens: db.prepare('select count(*) as n from tokens where member_id = ?').get(user.id),
      sessions: db.prepare('select count(*) as n from sessions where member_id = ?').get(user.id),
      preferences: db
        .prepare('select count(*) as n from notification_preferences where member_id = ?')
        .get(user.id),
      events: db.prepare('select count(*) as n from auth_events where member_id = ?').get(user.id),
      liveEvents: db.prepare('select count(*) as n from events where member_id = ?').get(user.id),
      pageEvents: db.prepare('select count(*) as n from page_events where member_id = ?').get(user.id),
      likes: db
        .prepare('select count(*) as n from likes where liker_profile_id = ? or liked_profile_id = ?')
        .get(user.profile.id, user.profile.id),
      tracking: db.prepare('select member_id from tracking_records where id = ?').get(photo.trackingId),
      orders: db.prepare('select count(*) as n from orders where member_id = ?').get(user.id),
      ledger: db.prepare('select count(*) as n from credit_ledger where member_id = ?').get(user.id),
    }));
    expect(row.member.email).toBe(`erased-${user.id}@erased.invalid`);
    expect(row.member.password_hash).toBe('');
    expect(row.member.deletion_comment).toBeNull();
    expect(row.member.signup_message).toBeNull();
    expect(row.member.tracking_id).toBeNull();
    expect(row.profile).toMatchObject({
      name: '',
      birthdate: '',
      text: null,
      city: null,
      region: null,
      status: 'disabled',
      main_photo_id: null,
    });
    expect(row.photos).toEqual({ n: 0 });
    expect(row.messages).toEqual([{ text: null }]);
    for (const count of [
      row.tokens,
      row.sessions,
      row.preferences,
      row.events,
      row.liveEvents,
      row.pageEvents,
      row.likes,
    ])
      expect(count).toEqual({ n: 0 });
    expect(row.tracking).toEqual({ member_id: null });
    for (const path of photoPaths) expect(existsSync(path)).toBe(false);
    // Bookkeeping stays: the order and its ledger entry are money records.
    expect(row.orders).toEqual({ n: 1 });
    expect(row.ledger).toEqual({ n: 1 });

    const everything = withDatabase(server, (db) =>
      JSON.stringify([
        db.prepare('select * from members where id = ?').all(user.id),
        db.prepare('select * from profiles where member_id = ?').all(user.id),
        db.prepare('select * from messages where sender_profile_id = ?').all(user.profile.id),
      ]),
    );
    expect(everything).not.toContain(fields.email);
    expect(everything).not.toContain('Erasable Person');
    expect(everything).not.toContain('1990-05-17');
    expect(everything).not.toContain('a message to be erased');
    expect(
      (
        await new Visitor(server).send('POST', '/api/user.php', {
          email: fields.email,
          password: fields.password,
        })
      ).status,
    ).toBe(401);
  });
});

describe('data export', () => {
  it('downloads everything stored about the member as JSON, without secrets', async () => {
    const member = new Visitor(server);
    const { fields, user } = await signUp(member, { name: 'Exporter' });
    await member.send('PUT', '/api/notifications.php', { disabled: ['weekly_updates'] });
    const response = await member.get('/api/export.php');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="localhost-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const data = response.json<{
      account: Record<string, unknown>;
      profile: Record<string, unknown>;
      notification_preferences: unknown[];
      sessions: unknown[];
      authentication_log: { kind: string }[];
      emailed_links: unknown[];
    }>();
    expect(data.account).toMatchObject({
      id: user.id,
      email: fields.email,
      status: 'not_confirmed',
      language: 'en',
    });
    expect(data.account.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.profile).toMatchObject({
      id: user.profile.id,
      name: 'Exporter',
      birthdate: fields.date_of_birth,
    });
    expect(data.notification_preferences).toEqual([
      expect.objectContaining({ category: 'weekly_updates', disabled: 1 }),
    ]);
    expect(data.sessions.length).toBe(1);
    expect(data.authentication_log.map((e) => e.kind)).toContain('signup');
    expect(data.emailed_links).toEqual([expect.objectContaining({ purpose: 'activation' })]);
    expect(response.body).not.toContain(fields.password);
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain(member.session);
    expect((await new Visitor(server).get('/api/export.php')).status).toBe(403);
  });
});

describe('retention', () => {
  it('the server’s jobs delete rows past the privacy page’s periods and keep the rest', async () => {
    const now = Date.now();
    const [oldId, newId] = [`rt-old-${now}`, `rt-new-${now}`];
    withDatabase(server, (db) => {
      for (const [id, age] of [
        [oldId, 800 * DAY],
        [newId, DAY],
      ] as const) {
        db.prepare(
          "insert into page_events (id, network_id, site_id, kind, page, ms, member_id, created_at) values (?, 'amber', 'localhost', 'bounce', '/', 900, null, ?)",
        ).run(id, now - age);
        db.prepare(
          "insert into auth_events (id, network_id, site_id, member_id, kind, ip, created_at) values (?, 'amber', 'localhost', null, 'login_failed', '192.0.2.7', ?)",
        ).run(id, now - age);
        db.prepare(
          "insert into tracking_records (id, network_id, site_id, network, created_at) values (?, 'amber', 'localhost', 'aff', ?)",
        ).run(id, now - age);
        db.prepare(
          "insert into complaints (id, network_id, site_id, category, text, status, created_at, handled_at) values (?, 'amber', 'localhost', 'spam', 'text', 'closed', ?, ?)",
        ).run(id, now - age, now - age);
      }
    });
    const tables = ['page_events', 'auth_events', 'tracking_records', 'complaints'] as const;
    const left = () =>
      withDatabase(server, (db) =>
        tables.map((table) =>
          (
            db.prepare(`select id from ${table} where id in (?, ?)`).all(oldId, newId) as { id: string }[]
          ).map((r) => r.id),
        ),
      );
    await waitUntil(() => left().every((found) => found.length === 1));
    expect(left()).toEqual(tables.map(() => [newId]));
  });
});

/** Runs `act` with the clock moved by `offsetMs`, then puts it back. */
async function setClockThen<T>(offsetMs: number, act: () => Promise<T>): Promise<T> {
  setClockOffset(server, offsetMs);
  try {
    return await act();
  } finally {
    setClockOffset(server, 0);
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Rows a real member gathers through features built elsewhere (photos, chat, likes, payments),
 * written straight into the database: erasure must handle them whoever wrote them.
 */
function seedMemberContent(memberId: string, profileId: string): { files: string[]; trackingId: string } {
  const now = Date.now();
  const photoId = `ph${memberId.slice(2)}`;
  const files = [
    `amber/${photoId.slice(0, 2)}/${photoId}-main.webp`,
    `amber/${photoId.slice(0, 2)}/${photoId}-thumb.webp`,
    `amber/${photoId.slice(0, 2)}/${photoId}-match.webp`,
    `amber/${photoId.slice(0, 2)}/${photoId}-blur.webp`,
  ];
  const trackingId = `tr${memberId.slice(2)}`;
  withDatabase(server, (db) => {
    const other = db
      .prepare('select id from profiles where member_id is null or member_id != ? limit 1')
      .get(memberId) as { id: string } | undefined;
    const otherId = other?.id ?? `op${memberId.slice(2)}`;
    if (!other) {
      db.prepare(
        "insert into profiles (id, member_id, network_id, site_id, name, gender, seeking, birthdate, country, status, fictional, created_at, updated_at) values (?, null, 'amber', null, 'Operator', 'female', 'male', '1990-01-01', 'NL', 'active', 1, ?, ?)",
      ).run(otherId, now, now);
    }
    db.prepare(
      "insert into photos (id, profile_id, network_id, filename, thumb_filename, match_filename, status, position, created_at) values (?, ?, 'amber', ?, ?, ?, 'active', 0, ?)",
    ).run(photoId, profileId, files[0], files[1], files[2], now);
    db.prepare('update profiles set main_photo_id = ?, text = ?, city = ? where id = ?').run(
      photoId,
      'About me: loves hiking',
      'Utrecht',
      profileId,
    );
    const [a, b] = [profileId, otherId].sort();
    const conversationId = `cv${memberId.slice(2)}`;
    db.prepare(
      "insert into conversations (id, network_id, profile_a_id, profile_b_id, created_at) values (?, 'amber', ?, ?, ?)",
    ).run(conversationId, a, b, now);
    db.prepare(
      "insert into messages (id, conversation_id, network_id, sender_profile_id, type, text, created_at) values (?, ?, 'amber', ?, 'text', 'a message to be erased', ?)",
    ).run(`ms${memberId.slice(2)}`, conversationId, profileId, now);
    db.prepare(
      "insert into likes (liker_profile_id, liked_profile_id, network_id, created_at) values (?, ?, 'amber', ?)",
    ).run(profileId, otherId, now);
    db.prepare(
      "insert into tracking_records (id, network_id, site_id, network, ref, member_id, created_at) values (?, 'amber', 'localhost', 'aff', 'r', ?, ?)",
    ).run(trackingId, memberId, now);
    db.prepare(
      "insert into orders (id, network_id, site_id, member_id, bundle_id, credits, amount, currency, payment_method, provider, status, created_at, updated_at) values (?, 'amber', 'localhost', ?, 'starter', 100, 1499, 'EUR', 'ideal', 'test', 'completed', ?, ?)",
    ).run(`or${memberId.slice(2)}`, memberId, now, now);
    db.prepare(
      "insert into credit_ledger (id, network_id, site_id, member_id, delta, reason, reference, balance_after, created_at) values (?, 'amber', 'localhost', ?, 100, 'purchase', ?, 100, ?)",
    ).run(`lg${memberId.slice(2)}`, memberId, `or${memberId.slice(2)}`, now);
    // A live update kept for the member's reconnecting browser, and a page-hidden beacon.
    db.prepare(
      "insert into events (member_id, network_id, type, data, created_at) values (?, 'amber', 'message', ?, ?)",
    ).run(memberId, JSON.stringify({ text: 'a message to be erased' }), now);
    db.prepare(
      "insert into page_events (id, network_id, site_id, kind, page, ms, member_id, created_at) values (?, 'amber', 'localhost', 'hidden', '/members', null, ?, ?)",
    ).run(`pe${memberId.slice(2)}`, memberId, now);
  });
  return { files, trackingId };
}
