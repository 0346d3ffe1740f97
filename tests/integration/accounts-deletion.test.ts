import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/polling.ts';
import {
  ACCOUNTS_SERVER,
  currentUser,
  DAY,
  deleteAccount,
  lastMailTo,
  linkIn,
  login,
  signUp,
  type ErrorBody,
} from './accounts-helpers.ts';
import type { MemberRef } from '../support/factories.ts';
import { useServer } from '../support/use-server.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

const app = useServer(ACCOUNTS_SERVER);

describe('notification preferences', () => {
  it('start on but for promotions and news (consent), save the member’s list, and explain what the system switched off', async () => {
    // Push as a whole and its previews are on until the member says otherwise.
    const pushOn = { push: true, push_preview: true };
    const member = app.visitor();
    const { user } = await signUp(member);
    expect((await member.get('/api/notifications.php')).json()).toEqual({
      disabled: ['promotions', 'news'],
      reasons: {},
      ...pushOn,
    });
    // The member says yes to news only.
    const news = await member.send('PUT', '/api/notifications.php', { disabled: ['promotions'] });
    expect(news.json()).toEqual({ disabled: ['promotions'], reasons: {}, ...pushOn });
    // Push settings change only when named, and leave the e-mail categories alone.
    const quiet = await member.send('PUT', '/api/notifications.php', { push_preview: false });
    expect(quiet.json()).toEqual({ disabled: ['promotions'], reasons: {}, push: true, push_preview: false });
    await member.send('PUT', '/api/notifications.php', { push_preview: true });

    const saved = await member.send('PUT', '/api/notifications.php', {
      disabled: ['promotions', 'news', 'promotions'],
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ disabled: ['promotions', 'news'], reasons: {}, ...pushOn });
    expect((await currentUser(member))?.notifications_disabled).toEqual(['promotions', 'news']);

    // A bounce switched the reminders off (the mail issue will record these).
    await app.make.notificationSwitchedOff({ memberId: user.id, network: 'amber' }, 'reminders', 'bounce');
    expect((await member.get('/api/notifications.php')).json()).toEqual({
      disabled: ['promotions', 'news', 'reminders'],
      reasons: { reminders: 'bounce' },
      ...pushOn,
    });
    // Keeping it off keeps the reason; the member may switch it on again.
    const kept = await member.send('PUT', '/api/notifications.php', { disabled: ['reminders'] });
    expect(kept.json()).toEqual({ disabled: ['reminders'], reasons: { reminders: 'bounce' }, ...pushOn });
    const on = await member.send('PUT', '/api/notifications.php', { disabled: [] });
    expect(on.json()).toEqual({ disabled: [], reasons: {}, ...pushOn });
  });

  it('refuse an unknown category and visitors', async () => {
    const member = app.visitor();
    await signUp(member);
    const bad = await member.send('PUT', '/api/notifications.php', { disabled: ['spam'] });
    expect(bad.status).toBe(422);
    expect((await app.visitor().get('/api/notifications.php')).status).toBe(403);
  });
});

describe('privacy modes', () => {
  it('invisible and private are saved and reported', async () => {
    const member = app.visitor();
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
    const member = app.visitor();
    const { fields } = await signUp(member);
    const wrong = await deleteAccount(member, 'not my password', 'other');
    expectFieldErrors(wrong, { password: 'password_wrong' });
    const noReason = await deleteAccount(member, fields.password, 'bored');
    expect(noReason.json<ErrorBody>().fields).toEqual({ reason: 'reason_invalid' });
    expect(await currentUser(member)).not.toBeNull();
  });

  it('ends every session and hides the profile at once; the e-mailed link brings it back within 14 days', async () => {
    const member = app.visitor();
    const { fields, user } = await signUp(member);
    const activation = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    await app.visitor().get(activation.pathAndQuery);
    const elsewhere = app.visitor();
    await login(elsewhere, fields.email, fields.password);

    const deleted = await deleteAccount(member, fields.password, 'found_partner', 'Thanks for everything');
    expect(deleted.status).toBe(200);
    const body = deleted.json<{ ok: boolean; reactivate_until: string }>();
    expect(body.ok).toBe(true);
    const until = Date.parse(body.reactivate_until);
    expect(until - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    expect(until - Date.now()).toBeLessThan(14 * DAY + 60_000);

    expect(await currentUser(member)).toBeNull();
    expect(await currentUser(elsewhere)).toBeNull();
    const profile = await app.inspect.row('profiles', { member_id: user.id });
    expect(profile?.status).toBe('disabled');
    const refused = await login(app.visitor(), fields.email, fields.password);
    expectError(refused, 409, 'account_pending_deletion');

    const mail = lastMailTo(app.server, fields.email);
    expect(mail.subject).toBe('Your account at Amber Hearts has been deleted');
    const link = linkIn(mail, '/account-deleted');

    const back = app.visitor();
    const reactivated = await app.withClock(13 * DAY, () =>
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
    const reused = await app.visitor().send('POST', '/api/reactivate.php', { token: link.token });
    expect(reused.status).toBe(400);
  });

  it('after 14 days the link fails and nothing personal remains', async () => {
    const member = app.visitor();
    const { fields, user } = await signUp(member, { name: 'Erasable Person', signup_message: 'hi' });
    await member.send('PUT', '/api/notifications.php', { disabled: ['news'] });

    // Give the member what a real account gathers: a photo on disk, a message, a like, a tracking record.
    const photo = await gatherContent({
      memberId: user.id,
      profileId: user.profile.id,
      network: 'amber',
      siteId: 'localhost',
    });
    const photoPaths = photo.files.map((file) => join(app.server.dataDir, 'uploads', file));

    const deleted = await deleteAccount(member, fields.password, 'privacy');
    expect(deleted.status).toBe(200);
    const { token } = linkIn(lastMailTo(app.server, fields.email), '/account-deleted');

    await app.withClock(14 * DAY + 60_000, async () => {
      await app.server.waitForOutput(/erasure: personal data of a deleted account removed.*/, 10_000);
      await waitUntil(async () =>
        (await app.inspect.row('members', { id: user.id }))!.email.startsWith('erased-'),
      );
      const late = await app.visitor().send('POST', '/api/reactivate.php', { token });
      expect(late.status).toBe(400);
      expect(late.json<ErrorBody>()).toEqual({
        error: 'link_invalid',
        message: 'Link expired or invalid, request a new email',
      });
    });

    const { inspect } = app;
    const row = {
      member: (await inspect.row('members', { id: user.id }))!,
      profile: await inspect.row('profiles', { member_id: user.id }),
      photos: await inspect.count('photos', { profile_id: user.profile.id }),
      messages: (await inspect.rows('messages', { sender_profile_id: user.profile.id })).map(({ text }) => ({
        text,
      })),
      tokens: await inspect.count('tokens', { member_id: user.id }),
      sessions: await inspect.count('sessions', { member_id: user.id }),
      preferences: await inspect.count('notification_preferences', { member_id: user.id }),
      events: await inspect.count('auth_events', { member_id: user.id }),
      liveEvents: await inspect.count('events', { member_id: user.id }),
      pageEvents: await inspect.count('page_events', { member_id: user.id }),
      likes: await inspect.count('likes', [
        { liker_profile_id: user.profile.id },
        { liked_profile_id: user.profile.id },
      ]),
      tracking: await inspect.row('tracking_records', { id: photo.trackingId }),
      orders: await inspect.count('orders', { member_id: user.id }),
      ledger: await inspect.count('credit_ledger', { member_id: user.id }),
    };
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
    // Nothing of the shell tells whom the person was or sought, nor on which site.
    expect(row.profile).toMatchObject({ gender: '', seeking: '', country: '', site_id: null });
    expect(row.photos).toBe(0);
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
      expect(count).toBe(0);
    expect(row.tracking).toMatchObject({ member_id: null });
    for (const path of photoPaths) expect(existsSync(path)).toBe(false);
    // Bookkeeping stays: the order and its ledger entry are money records.
    expect(row.orders).toBe(1);
    expect(row.ledger).toBe(1);

    const everything = JSON.stringify([
      await inspect.rows('members', { id: user.id }),
      await inspect.rows('profiles', { member_id: user.id }),
      await inspect.rows('messages', { sender_profile_id: user.profile.id }),
    ]);
    expect(everything).not.toContain(fields.email);
    expect(everything).not.toContain('Erasable Person');
    expect(everything).not.toContain('1990-05-17');
    expect(everything).not.toContain('a message to be erased');
    expect((await login(app.visitor(), fields.email, fields.password)).status).toBe(401);
  });
});

describe('data export', () => {
  it('downloads everything stored about the member as JSON, without secrets', async () => {
    const member = app.visitor();
    const { fields, user } = await signUp(member, { name: 'Exporter' });
    await member.send('PUT', '/api/notifications.php', {
      disabled: ['weekly_updates', 'promotions', 'news'],
    });
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
    expect((await app.visitor().get('/api/export.php')).status).toBe(403);
  });
});

describe('retention', () => {
  it('the server’s jobs delete rows past the privacy page’s periods and keep the rest', async () => {
    const now = Date.now();
    const [oldId, newId] = [`rt-old-${now}`, `rt-new-${now}`];
    for (const [id, age] of [
      [oldId, 800 * DAY],
      [newId, DAY],
    ] as const) {
      const createdAt = now - age;
      await app.make.pageEvent({ id, kind: 'bounce', page: '/', ms: 900, createdAt });
      await app.make.authEvent({ id, kind: 'login_failed', ip: '192.0.2.7', createdAt });
      await app.make.trackingRecord({ id, values: { network: 'aff' }, createdAt });
      await app.make.complaint({ id, category: 'spam', text: 'text', createdAt, handledAt: createdAt });
    }
    const tables = ['page_events', 'auth_events', 'tracking_records', 'complaints'] as const;
    const left = () => Promise.all(tables.map((table) => app.inspect.existing(table, [oldId, newId])));
    await waitUntil(async () => (await left()).every((found) => found.length === 1));
    expect(await left()).toEqual(tables.map(() => [newId]));
  });
});

/**
 * Rows a real member gathers through features built elsewhere (photos, chat, likes, payments,
 * live updates, beacons), made by the factories: erasure must handle them whoever wrote them.
 */
async function gatherContent(member: MemberRef): Promise<{ files: string[]; trackingId: string }> {
  const { make } = app;
  const other = await make.operatorProfile();
  const { files } = await make.photo(member, { dataDir: app.server.dataDir });
  await make.updateProfile(member, { text: 'About me: loves hiking', city: 'Utrecht' });
  await make.message(member, other, 'a message to be erased');
  await make.like(member, other);
  const { id: trackingId } = await make.trackingRecord({ values: { network: 'aff', ref: 'r' }, member });
  await make.order(member);
  // A live update kept for the member's reconnecting browser, and a page-hidden beacon.
  await make.liveEvent(member, 'message', { text: 'a message to be erased' });
  await make.pageEvent({ kind: 'hidden', page: '/members', memberId: member.memberId });
  return { files, trackingId };
}
