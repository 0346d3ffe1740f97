import { describe, expect, it } from 'vitest';
import { openSse } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';
import { call, clientId, memberWritingToOperator, sendText } from './chat-support.ts';
import { addDirectly, CONSOLE_HOST, logIn, MINUTE } from './console-support.ts';
import { jpeg, upload } from './photos-helpers.ts';
import type { TestResponse } from '../support/server.ts';
import type { Visitor } from '../support/visitor.ts';

/*
 * The host inbox and operator-run profiles (docs/console.md "Host inbox"): who may use them,
 * network scoping, claims and their expiry, the honest-answer rule, and a host's reply that
 * reaches the member live like any message.
 */
const app = useServer({ clock: true });

const EN_WARNING =
  'This profile is fictional and run by the operator for entertainment. You cannot meet this person.';

const memberWritingTo = (text: string) => memberWritingToOperator(app, text);

async function host(network = 'amber'): Promise<Visitor> {
  return logIn(app, await addDirectly(app, 'host', network));
}

interface Opened {
  honest: { required: boolean; text: string };
  messages: Array<{ id: string; text: string | null }>;
}

const ids = (list: Array<{ id: string }>) => list.map((p) => p.id);
const waiting = (res: TestResponse) =>
  res.json<{ conversations: Array<{ conversation: string }> }>().conversations.map((c) => c.conversation);

const reply = (visitor: Visitor, conversation: string, body: Record<string, unknown>) =>
  visitor.send('POST', '/console/api/inbox.php', { conversation, client_id: clientId(), ...body });

/** A new operator-run profile on Amber Hearts, made by `visitor` through the console's call. */
async function createdProfile(visitor: Visitor, fields: Record<string, unknown>) {
  const created = await visitor.send('POST', '/console/api/profiles.php', {
    site: 'localhost',
    gender: 'female',
    seeking: 'male',
    country: 'NL',
    ...fields,
  });
  expect(created.status, created.body).toBe(201);
  return created.json<{ profile: { id: string } & Record<string, unknown> }>().profile;
}

/** A JPEG added to an operator-run profile by `visitor`: the profile's photos as the call answers them. */
async function addedPhoto(visitor: Visitor, profileId: string, seed: number) {
  const photo = await upload(
    app,
    { cookie: `staff=${visitor.cookies.get('staff')}` },
    await jpeg(seed, 400),
    {
      host: CONSOLE_HOST,
      path: `/console/api/profile-photos.php?profile=${profileId}`,
    },
  );
  expect(photo.status, JSON.stringify(photo.body)).toBe(201);
  return photo.body.photos as Array<{ main: boolean; filename: string; thumb_filename: string }>;
}

describe('operator-run profiles in the console', () => {
  it('are for hosts and owners, not moderators', async () => {
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    expect((await moderator.get('/console/api/profiles.php')).status).toBe(403);
    const create = await moderator.send('POST', '/console/api/profiles.php', {
      site: 'localhost',
      name: 'Nope',
      gender: 'female',
      seeking: 'male',
      birthdate: '1990-01-01',
      country: 'NL',
    });
    expect(create.status).toBe(403);
    expect((await moderator.get('/console/profiles')).status).toBe(403);
    expect((await (await host()).get('/console/profiles')).status).toBe(200);
  });

  it('are created and edited fictional, and an update cannot clear the flag', async () => {
    const visitor = await host();
    const profile = await createdProfile(visitor, {
      name: 'Sanne',
      birthdate: '1993-05-04',
      details: { text: 'Hoi!', eye_color: 'green' },
    });
    expect(profile).toMatchObject({
      name: 'Sanne',
      text: 'Hoi!',
      eye_color: 'green',
      fictional: true,
      network: 'amber',
    });
    const updated = await visitor.send('PUT', '/console/api/profiles.php', {
      id: profile.id,
      name: 'Sanna',
      fictional: false,
    });
    expect(updated.status, updated.body).toBe(200);
    expect(updated.json<{ profile: unknown }>().profile).toMatchObject({ name: 'Sanna', fictional: true });
    const row = await app.db
      .selectFrom('profiles')
      .select(['fictional', 'member_id'])
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fictional: 1, member_id: null });
    const list = await visitor.get('/console/api/profiles.php?network=amber');
    expect(ids(list.json<{ profiles: Array<{ id: string }> }>().profiles)).toContain(profile.id);
    // Another network's host neither lists nor edits it.
    const other = await host('curvy');
    const foreign = await other.get('/console/api/profiles.php');
    expect(ids(foreign.json<{ profiles: Array<{ id: string }> }>().profiles)).not.toContain(profile.id);
    expect((await other.send('PUT', '/console/api/profiles.php', { id: profile.id, name: 'X' })).status).toBe(
      404,
    );
    // A photo is re-encoded like a member's upload and becomes the profile's face.
    expect(await addedPhoto(visitor, profile.id, 3)).toEqual([expect.objectContaining({ main: true })]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', profile.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'profile.create',
      'profile.photo.add',
      'profile.update',
    ]);
  });
});

describe("operator-run profiles' photos in the console", () => {
  it('reach their hosts through the console media route, and no other photo does', async () => {
    const visitor = await host();
    const profile = await createdProfile(visitor, { name: 'Fenna', birthdate: '1991-02-03' });
    const [shown] = await addedPhoto(visitor, profile.id, 4);
    // The editor's list points at the console's own media route, which the console's host serves.
    expect(shown?.thumb_filename).toMatch(/^\/console\/media\/amber\/[a-z0-9]{2}\/[a-z0-9]+-thumb\.webp$/);
    const thumb = await visitor.get(shown!.thumb_filename);
    expect(thumb.status, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, no-store');
    // A host of another network does not get it.
    expect((await (await host('curvy')).get(shown!.thumb_filename)).status).toBe(404);
    // Nor does a host get a member's photo: that is for the network's moderators.
    const member = await app.make.member({ site: { id: 'localhost', network: 'amber' } });
    const { files } = await app.make.photo(member, { dataDir: app.server.dataDir });
    expect((await visitor.get(`/console/media/${files[1]}`)).status).toBe(404);
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    expect((await moderator.get(`/console/media/${files[1]}`)).status).toBe(200);
  });
});

describe('the host inbox', () => {
  it('lists the waiting conversation, and a host’s reply reaches the member live, free of charge', async () => {
    const { member, operator, conversation } = await memberWritingTo('Hi Sophie, how are you?');
    await app.make.updateProfile(member, { region: 'NH', city: 'Haarlem' });
    const visitor = await host();
    const list = await visitor.get('/console/api/inbox.php');
    expect(list.status, list.body).toBe(200);
    const entry = list
      .json<{ conversations: Array<{ conversation: string }> }>()
      .conversations.find((c) => c.conversation === conversation);
    expect(entry).toMatchObject({
      profile: { id: operator.profileId },
      member: { id: member.profileId },
      // The brand the member joined on, which the host answers under.
      site: { id: 'localhost', name: 'Amber Hearts' },
      network: 'amber',
      claim: null,
    });

    const opened = await visitor.get(`/console/api/inbox.php?conversation=${conversation}`);
    expect(opened.status, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      profile: { id: operator.profileId, fictional: true },
      member: { id: member.profileId, name: 'Martin', site: 'localhost', site_name: 'Amber Hearts' },
      messages: [{ text: 'Hi Sophie, how are you?', mine: false, asks_if_real: false }],
      claim: { mine: true },
      honest: { required: false },
    });
    // The host reads the member's region by its name, the code kept beside it.
    expect(opened.json<{ member: unknown }>().member).toMatchObject({
      region: 'NH',
      region_name: 'Noord-Holland',
      city: 'Haarlem',
    });

    const stream = await openSse(app.server.baseUrl, '/api/events.php', { cookie: member.cookie });
    try {
      const typing = await visitor.send('POST', '/console/api/inbox-typing.php', { conversation });
      expect(typing.status, typing.body).toBe(200);
      await stream.waitFor((events) => events.some((e) => e.event === 'typing'), 5000);
      const sent = await reply(visitor, conversation, { text: 'Hi Martin, I am fine!' });
      expect(sent.status, sent.body).toBe(201);
      expect(sent.json<{ message: unknown }>().message).toMatchObject({
        text: 'Hi Martin, I am fine!',
        mine: true,
        credits: 0,
      });
      const events = await stream.waitFor((all) => all.some((e) => e.event === 'message'), 5000);
      // A picture goes the same way: uploaded, re-encoded, then sent as the profile.
      const staff = { cookie: `staff=${visitor.cookies.get('staff')}` };
      const picture = await upload(app, staff, await jpeg(5, 300), {
        host: CONSOLE_HOST,
        path: `/console/api/inbox-photo.php?conversation=${conversation}`,
      });
      expect(picture.status, JSON.stringify(picture.body)).toBe(201);
      const image = await reply(visitor, conversation, {
        type: 'image',
        photo: (picture.body.photo as { id: string }).id,
      });
      expect(image.status, image.body).toBe(201);
      await stream.waitFor((all) => all.filter((e) => e.event === 'message').length >= 2, 5000);
      const message = JSON.parse(events.find((e) => e.event === 'message')!.data);
      expect(message).toMatchObject({
        conversation,
        message: { text: 'Hi Martin, I am fine!', mine: false },
      });
    } finally {
      stream.close();
    }
    const chat = await call(app, member, 'GET', `/api/chat.php?conversation=${conversation}`);
    expect(chat.json<{ messages: unknown[] }>().messages.slice(-2)).toMatchObject([
      { text: 'Hi Martin, I am fine!', mine: false },
      { type: 'image', mine: false },
    ]);
    // Answered: off the list; the reply and the reading are in the audit log.
    const after = await visitor.get('/console/api/inbox.php');
    expect(waiting(after)).not.toContain(conversation);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('network_id', '=', 'amber')
      .where('member_id', '=', member.memberId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['inbox.conversation.read', 'inbox.reply']),
    );
    const stats = await visitor.get('/console/api/inbox-stats.php');
    expect(stats.status, stats.body).toBe(200);
    expect(stats.json<{ hosts: unknown[] }>().hosts.length).toBeGreaterThan(0);
  });

  it('names no site for a member whose site is no longer served, not the network’s first', async () => {
    const { member, conversation } = await memberWritingTo('Still here?');
    await app.db
      .updateTable('profiles')
      .set({ site_id: 'retired-brand' })
      .where('id', '=', member.profileId)
      .execute();
    const visitor = await host();
    const list = await visitor.get('/console/api/inbox.php');
    const entry = list
      .json<{ conversations: Array<{ conversation: string; site: unknown }> }>()
      .conversations.find((c) => c.conversation === conversation);
    expect(entry?.site).toBeNull();
    const opened = await visitor.get(`/console/api/inbox.php?conversation=${conversation}`);
    expect(opened.json<{ member: unknown }>().member).toMatchObject({
      site: 'retired-brand',
      site_name: null,
    });
  });

  it('lets one host answer at a time, until the claim has been idle for 10 minutes', async () => {
    const { conversation } = await memberWritingTo('Anyone there?');
    const first = await host();
    const second = await host();
    expect((await first.get(`/console/api/inbox.php?conversation=${conversation}`)).status).toBe(200);
    const refused = await reply(second, conversation, { text: 'Hello from the second host' });
    expect(refused.status).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe('conversation_claimed');
    const view = await second.get(`/console/api/inbox.php?conversation=${conversation}`);
    expect(view.json<{ claim: unknown }>().claim).toMatchObject({ mine: false });
    expect((await second.send('POST', '/console/api/inbox-claim.php', { conversation })).status).toBe(409);
    await app.withClock(11 * MINUTE, async () => {
      const taken = await second.send('POST', '/console/api/inbox-claim.php', { conversation });
      expect(taken.status, taken.body).toBe(200);
      expect((await reply(first, conversation, { text: 'Mine?' })).json<{ error: string }>().error).toBe(
        'conversation_claimed',
      );
      // Leaving gives it back at once.
      expect((await second.send('DELETE', '/console/api/inbox-claim.php', { conversation })).status).toBe(
        200,
      );
      expect((await reply(first, conversation, { text: 'Back again' })).status).toBe(201);
    });
  });

  it('keeps conversations of other networks out of reach', async () => {
    const { conversation } = await memberWritingTo('Hello?');
    const other = await host('curvy');
    const list = await other.get('/console/api/inbox.php');
    expect(waiting(list)).not.toContain(conversation);
    expect((await other.get(`/console/api/inbox.php?conversation=${conversation}`)).status).toBe(404);
    expect((await reply(other, conversation, { text: 'x' })).status).toBe(404);
    // A moderator may read (audited) but not answer as the profile.
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'amber'));
    expect((await moderator.get(`/console/api/inbox.php?conversation=${conversation}`)).status).toBe(200);
    expect((await reply(moderator, conversation, { text: 'x' })).status).toBe(403);
  });

  it('sends only the honest answer while the member’s question whether the profile is real waits', async () => {
    const { member, operator, conversation } = await memberWritingTo('Hey');
    expect((await sendText(app, member, operator, 'are you real?')).status).toBe(201);
    const visitor = await host();
    const opened = (await visitor.get(`/console/api/inbox.php?conversation=${conversation}`)).json<Opened>();
    expect(opened.honest).toMatchObject({ required: true, text: EN_WARNING });
    expect(opened.messages.at(-1)).toMatchObject({ text: 'are you real?', asks_if_real: true });
    const refused = await reply(visitor, conversation, { text: 'Of course I am, darling' });
    expect(refused.status).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe('honest_answer_required');
    const honest = await reply(visitor, conversation, { honest: true });
    expect(honest.status, honest.body).toBe(201);
    expect(honest.json()).toMatchObject({ honest: true, message: { text: EN_WARNING } });
    expect((await reply(visitor, conversation, { text: 'Anything else?' })).status).toBe(201);
    // Once the member blocks the profile, nothing more reaches them from it.
    await app.make.block(member, operator);
    const blocked = await reply(visitor, conversation, { text: 'Still there?' });
    expect(blocked.status).toBe(403);
    expect(blocked.json<{ error: string }>().error).toBe('blocked');
    const logged = await app.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'inbox.honest_answer')
      .where('member_id', '=', member.memberId)
      .execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.after!)).toMatchObject({ text: EN_WARNING });
  });

  it('lets a host mark a question the detector missed', async () => {
    const { conversation } = await memberWritingTo('Are you too good to be true?');
    const visitor = await host();
    const opened = (await visitor.get(`/console/api/inbox.php?conversation=${conversation}`)).json<Opened>();
    expect(opened.honest.required).toBe(false);
    const marked = await visitor.send('POST', '/console/api/inbox-mark.php', {
      conversation,
      message: opened.messages[0]!.id,
    });
    expect(marked.status, marked.body).toBe(200);
    expect((await reply(visitor, conversation, { text: 'Sure' })).json<{ error: string }>().error).toBe(
      'honest_answer_required',
    );
  });
});
