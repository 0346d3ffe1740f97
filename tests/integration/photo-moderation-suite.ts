import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Photo, PhotosAnswer } from '../../src/features/photos/index.ts';
import type { PhotoQueuePage } from '../../src/features/photos/photos.moderation.schemas.ts';
import type { TextQueuePage } from '../../src/features/profiles/profiles.text-moderation.schemas.ts';
import { mailsTo } from '../support/outbox.ts';
import { REPO_ROOT } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import { addDirectly, logIn } from './console-support.ts';
import { fetchMedia, jpeg, mediaPath, upload } from './photos-helpers.ts';

/*
 * The photo and text queues of the console (issue: moderation of photos and texts): Amber Hearts
 * reviews photos and texts before others see them (pre), Kurvenreich after (post). A
 * moderator sees only their networks' photos, decides with a reason, and a rejected photo is
 * served nowhere any more while its member learns why.
 */
const tenant = (file: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', file), 'utf8')) as { id: string } & Record<
    string,
    unknown
  >;

/** Amber Hearts reviews photos and texts first; Kurvenreich reviews texts after they show. */
export const MODERATION_SITES = [
  { ...tenant('localhost.json'), photo_moderation: 'pre', text_moderation: 'pre' },
  { ...tenant('curvy.json'), text_moderation: 'post' },
];

export function photoModerationTests(app: ServerUnderTest): void {
  const CURVY = { id: 'curvy', network: 'curvy' };
  const CURVY_HOST = 'curvy.localhost';

  async function moderator(network: string, role: 'moderator' | 'support' | 'host' = 'moderator') {
    return logIn(app, await addDirectly(app, role, network));
  }

  async function queue(staff: Visitor): Promise<PhotoQueuePage> {
    const res = await staff.get('/console/api/photos.php');
    expect(res.status, res.body).toBe(200);
    return res.json<PhotoQueuePage>();
  }

  /** Every page of the queue (other tests' photos wait in it too). */
  async function wholeQueue(staff: Visitor): Promise<PhotoQueuePage['photos']> {
    const all: PhotoQueuePage['photos'] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await staff.get(`/console/api/photos.php${cursor ? `?cursor=${cursor}` : ''}`);
      const page = res.json<PhotoQueuePage>();
      all.push(...page.photos);
      cursor = page.next;
    }
    return all;
  }

  const decide = (staff: Visitor, body: unknown) => staff.send('PUT', '/console/api/photos.php', body);

  async function uploaded(member: { cookie: string }, seed: number, host?: string): Promise<Photo> {
    const res = await upload(app, member, await jpeg(seed), host ? { host } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.photo as Photo;
  }

  // Followed to the bucket when the server keeps its files there (photo-moderation-s3.test.ts).
  const media = (url: string, cookie?: string, host?: string) =>
    fetchMedia(app, url, cookie ? { cookie } : undefined, host);

  describe('the photo queue', () => {
    it('keeps a pre-moderated photo from others until a moderator approves it', async () => {
      const owner = await app.make.loggedIn({ name: 'Prea' });
      const viewer = await app.make.loggedIn();
      const photo = await uploaded(owner, 1);
      expect(photo).toMatchObject({ status: 'pending', main: true });
      expect((await media(photo.filename, viewer.cookie)).status).toBe(404);
      expect((await media(photo.filename)).status).toBe(404);
      const profile = await app.request(`/api/member.php?id=${owner.profileId}`, {
        headers: { cookie: viewer.cookie },
      });
      expect(profile.body).not.toContain(photo.id);

      const staff = await moderator('amber');
      const queued = (await wholeQueue(staff)).find((p) => p.id === photo.id);
      expect(queued).toMatchObject({ network: 'amber', site: 'localhost', status: 'pending' });
      expect(queued?.member.name).toBe('Prea');
      expect(queued?.preview).toMatch(/^\/console\/media\/amber\//);
      // The preview through the console's own route, never kept by a cache.
      const preview = await staff.get(queued!.preview);
      expect(preview.status).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');

      const approved = await decide(staff, { id: photo.id, decision: 'approve' });
      expect(approved.status, approved.body).toBe(200);
      expect(approved.json()).toEqual({ photo: { id: photo.id, status: 'active' } });
      expect((await media(photo.filename, viewer.cookie)).status).toBe(200);
      expect((await wholeQueue(staff)).some((p) => p.id === photo.id)).toBe(false);
      // A second decision on a decided photo: someone was first.
      const again = await decide(staff, { id: photo.id, decision: 'reject', reason: 'nudity' });
      expect(again.status).toBe(409);
      expect(again.json<{ error: string }>().error).toBe('already_decided');

      const audit = await app.inspect.rows('audit_log', { target_id: photo.id });
      expect(audit.map((a) => [a.action, a.network_id, a.member_id])).toEqual([
        ['photo.approve', 'amber', owner.memberId],
      ]);
    });

    it('rejects with a reason: served nowhere, the next photo is main, the member learns why', async () => {
      const owner = await app.make.loggedIn({
        site: CURVY,
        name: 'Posta',
        gender: 'female',
        seeking: 'male',
      });
      // Kurvenreich's public pages show curvy women only.
      await app.make.updateProfile(owner, { body_type: 'fat' });
      const viewer = await app.make.loggedIn({ site: CURVY });
      const cookie = { cookie: owner.cookie };
      const first = await uploaded(owner, 2, CURVY_HOST);
      const second = await uploaded(owner, 3, CURVY_HOST);
      // Post-moderation: shown at once, and queued for a look.
      expect(first).toMatchObject({ status: 'active', main: true });
      const consent = await app.request('/api/account.php', {
        method: 'PUT',
        host: CURVY_HOST,
        headers: cookie,
        body: { public_profile: true },
      });
      expect(consent.status, consent.body).toBe(200);
      // Kurvenreich speaks German first: its pages live under /de/.
      const lander = `/de/members/${owner.profileId}/landing2`;
      expect((await app.request(lander, { host: CURVY_HOST })).status).toBe(200);
      expect((await media(first.filename, undefined, CURVY_HOST)).status).toBe(200);

      const staff = await moderator('curvy');
      const queued = (await wholeQueue(staff)).filter((p) => p.id === first.id || p.id === second.id);
      expect(queued.map((p) => p.status)).toEqual(['active', 'active']);

      const other = await decide(staff, { id: first.id, decision: 'reject', reason: 'other' });
      expect(other.status).toBe(422);
      expect(other.json<{ fields: Record<string, string> }>().fields.note).toBe('required');
      const rejected = await decide(staff, { id: first.id, decision: 'reject', reason: 'contact_details' });
      expect(rejected.status, rejected.body).toBe(200);

      for (const url of [first.filename, first.thumb_filename, first.match]) {
        expect((await media(url, undefined, CURVY_HOST)).status, url).toBe(404);
        expect((await media(url, viewer.cookie, CURVY_HOST)).status, url).toBe(404);
        expect((await media(url, owner.cookie, CURVY_HOST)).status, url).toBe(404);
      }
      const own = await app.request('/api/photos.php', { host: CURVY_HOST, headers: cookie });
      const photos = own.json<PhotosAnswer>().photos;
      expect(photos.find((p) => p.id === first.id)).toMatchObject({
        status: 'rejected',
        main: false,
        rejection: { reason: 'contact_details', note: null },
      });
      expect(photos.find((p) => p.id === second.id)?.main).toBe(true);
      // Its new file names answer nobody either.
      const renamed = photos.find((p) => p.id === first.id)!;
      expect(renamed.filename).not.toBe(first.filename);
      expect((await media(renamed.filename, owner.cookie, CURVY_HOST)).status).toBe(404);
      const seen = await app.request(`/api/member.php?id=${owner.profileId}`, {
        host: CURVY_HOST,
        headers: { cookie: viewer.cookie },
      });
      expect(seen.body).not.toContain(first.id);
      expect(seen.body).toContain(second.id);
      // The cached lander now shows the second photo, never the rejected one.
      const page = await app.request(lander, { host: CURVY_HOST });
      expect(page.body).not.toContain(mediaPath(first.filename));

      const [mail] = mailsTo(app.server.dataDir, owner.email);
      expect(mail?.subject).toBe('One of your photos on Kurvenreich was rejected');
      expect(mail?.text).toContain('contact details');
      expect(mail?.text).toContain('section 7 of our terms');
      expect(mail?.text).toContain('not taken by an automated system');
      // The rejection is a decision the member may appeal: the statement's link is its appeal.
      const appealLink = mail?.text.match(
        /http:\/\/curvy\.localhost(?::\d+)?\/(?:[a-z]{2}\/)?appeal\?token=([\w-]+)/,
      );
      expect(appealLink, mail?.text).toBeTruthy();
      const appeal = await app.request('/api/appeal.php', {
        method: 'POST',
        host: CURVY_HOST,
        body: { token: decodeURIComponent(appealLink![1]!), text: 'The number is my studio, not private.' },
      });
      expect(appeal.status, appeal.body).toBe(201);
      // Another moderator reverses the rejection on appeal: the photo is back, under its new name.
      const appealDecider = await moderator('curvy');
      const open = (await appealDecider.get('/console/api/appeals.php')).json<{
        appeals: { id: string; text: string }[];
      }>().appeals;
      const mine = open.find((a) => a.text.startsWith('The number is my studio'));
      expect(mine).toBeDefined();
      const reversed = await appealDecider.send('POST', '/console/api/appeals.php', {
        id: mine!.id,
        outcome: 'reverse',
      });
      expect(reversed.status, reversed.body).toBe(200);
      const restored = (
        await app.request('/api/photos.php', { host: CURVY_HOST, headers: cookie })
      ).json<PhotosAnswer>().photos;
      expect(restored.find((p) => p.id === first.id)).toMatchObject({ status: 'active' });
      expect(restored.find((p) => p.id === first.id)?.filename).not.toBe(first.filename);

      // The member deletes it when they like.
      const deleted = await app.request(`/api/photos.php?id=${first.id}`, {
        method: 'DELETE',
        host: CURVY_HOST,
        headers: cookie,
      });
      expect(deleted.json<PhotosAnswer>().photos.map((p) => p.id)).toEqual([second.id]);
    });

    it('is scoped to the moderator’s networks, and refused to support and hosts', async () => {
      const owner = await app.make.loggedIn();
      const photo = await uploaded(owner, 4);
      const elsewhere = await moderator('curvy');
      expect((await wholeQueue(elsewhere)).some((p) => p.id === photo.id)).toBe(false);
      expect((await wholeQueue(elsewhere)).every((p) => p.network === 'curvy')).toBe(true);
      const path = `/console/media/${mediaPath(photo.filename).slice('/media/'.length)}`;
      expect((await elsewhere.get(path)).status).toBe(404);
      expect((await decide(elsewhere, { id: photo.id, decision: 'approve' })).status).toBe(404);

      for (const role of ['support', 'host'] as const) {
        const staff = await moderator('amber', role);
        expect((await staff.get('/console/api/photos.php')).status).toBe(403);
        expect((await decide(staff, { id: photo.id, decision: 'approve' })).status).toBe(403);
        expect((await staff.get(path)).status).toBe(404);
        expect((await staff.get('/console/photos')).status).toBe(403);
      }
      // Nobody without a staff session, a member's session counting for nothing.
      const anonymous = app.visitor('console.localhost');
      expect((await anonymous.get('/console/api/photos.php')).status).toBe(403);
      expect((await anonymous.get(path)).status).toBe(403);
      const still = await queue(await moderator('amber'));
      expect(still.photos.length).toBeGreaterThan(0);
    });
  });

  /** Every page of the text queue. */
  async function wholeTextQueue(staff: Visitor): Promise<TextQueuePage['texts']> {
    const all: TextQueuePage['texts'] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await staff.get(`/console/api/texts.php${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.status, res.body).toBe(200);
      const page = res.json<TextQueuePage>();
      all.push(...page.texts);
      cursor = page.next;
    }
    return all;
  }

  const decideText = (staff: Visitor, body: unknown) => staff.send('PUT', '/console/api/texts.php', body);

  async function writeText(member: { cookie: string }, text: string, host?: string) {
    const res = await app.request('/api/profile.php', {
      method: 'PUT',
      ...(host && { host }),
      headers: { cookie: member.cookie },
      body: { text },
    });
    expect(res.status, res.body).toBe(200);
    return res.json<{ profile: { text: string | null; text_pending?: string | null } }>().profile;
  }

  async function seenText(viewer: { cookie: string }, profileId: string, host?: string): Promise<string> {
    const res = await app.request(`/api/member.php?id=${profileId}`, {
      ...(host && { host }),
      headers: { cookie: viewer.cookie },
    });
    expect(res.status, res.body).toBe(200);
    return res.body;
  }

  describe('the text queue', () => {
    it('pre: a changed text waits, the old one shown, until approved; a rejected one never shows', async () => {
      const owner = await app.make.loggedIn({ name: 'Textra' });
      const viewer = await app.make.loggedIn();
      const first = await writeText(owner, 'I love long walks by the sea.');
      expect(first).toMatchObject({ text: null, text_pending: 'I love long walks by the sea.' });
      expect(await seenText(viewer, owner.profileId)).not.toContain('long walks');

      const staff = await moderator('amber');
      const queued = (await wholeTextQueue(staff)).find((q) => q.value === 'I love long walks by the sea.');
      expect(queued).toMatchObject({
        network: 'amber',
        site: 'localhost',
        mode: 'pre',
        previous: null,
        field: 'text',
      });
      expect(queued?.member.name).toBe('Textra');
      const approved = await decideText(staff, { id: queued!.id, decision: 'approve' });
      expect(approved.json()).toEqual({ text: { id: queued!.id, status: 'approved' } });
      expect(await seenText(viewer, owner.profileId)).toContain('long walks');
      expect((await decideText(staff, { id: queued!.id, decision: 'approve' })).status).toBe(409);

      await writeText(owner, 'Text me on 0612345678!');
      const second = (await wholeTextQueue(staff)).find((q) => q.value === 'Text me on 0612345678!');
      expect(second?.previous).toBe('I love long walks by the sea.');
      const rejected = await decideText(staff, {
        id: second!.id,
        decision: 'reject',
        reason: 'contact_details',
      });
      expect(rejected.status, rejected.body).toBe(200);
      const own = await app.request('/api/profile.php', { headers: { cookie: owner.cookie } });
      expect(own.json<{ profile: object }>().profile).toMatchObject({
        text: 'I love long walks by the sea.',
        text_pending: null,
      });
      expect(await seenText(viewer, owner.profileId)).not.toContain('0612345678');
      const [mail] = mailsTo(app.server.dataDir, owner.email);
      expect(mail?.subject).toBe('A change to your profile on Amber Hearts was rejected');
      expect(mail?.text).toContain('Text me on 0612345678!');
      expect(mail?.text).toContain('not taken by an automated system');
      expect(mail?.text).toMatch(/\/appeal\?token=/);
      const decisions = await app.inspect.rows('moderation_decisions', { member_id: owner.memberId });
      expect(decisions).toContainEqual(expect.objectContaining({ kind: 'reject', subject_type: 'text' }));

      const audit = await app.inspect.rows('audit_log', { member_id: owner.memberId });
      expect(audit.map((a) => a.action).sort()).toEqual(['text.approve', 'text.reject']);
    });

    it('post: a changed text shows at once; rejected, the previous one returns', async () => {
      const owner = await app.make.loggedIn({ site: CURVY, name: 'Postina' });
      const viewer = await app.make.loggedIn({ site: CURVY });
      await writeText(owner, 'Hello from the start.', CURVY_HOST);
      const staff = await moderator('curvy');
      const firstQueued = (await wholeTextQueue(staff)).find((q) => q.value === 'Hello from the start.');
      await decideText(staff, { id: firstQueued!.id, decision: 'approve' });

      const shown = await writeText(owner, 'Visit my site www.example.com', CURVY_HOST);
      expect(shown).toMatchObject({ text: 'Visit my site www.example.com' });
      expect(await seenText(viewer, owner.profileId, CURVY_HOST)).toContain('www.example.com');
      const queued = (await wholeTextQueue(staff)).find((q) => q.value === 'Visit my site www.example.com');
      expect(queued).toMatchObject({ mode: 'post', previous: 'Hello from the start.' });
      // Another network's moderator neither sees nor decides it; support may not at all.
      const elsewhere = await moderator('amber');
      expect((await wholeTextQueue(elsewhere)).some((q) => q.id === queued!.id)).toBe(false);
      expect((await decideText(elsewhere, { id: queued!.id, decision: 'approve' })).status).toBe(404);
      const support = await moderator('curvy', 'support');
      expect((await support.get('/console/api/texts.php')).status).toBe(403);
      expect((await support.get('/console/texts')).status).toBe(403);

      const rejected = await decideText(staff, { id: queued!.id, decision: 'reject', reason: 'spam' });
      expect(rejected.status, rejected.body).toBe(200);
      const seen = await seenText(viewer, owner.profileId, CURVY_HOST);
      expect(seen).not.toContain('www.example.com');
      expect(seen).toContain('Hello from the start.');
    });
  });
}
