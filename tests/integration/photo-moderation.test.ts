import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Photo, PhotosAnswer } from '../../src/features/photos/index.ts';
import type { PhotoQueuePage } from '../../src/features/photos/photos.moderation.schemas.ts';
import { mailsTo } from '../support/outbox.ts';
import { REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import { addDirectly, logIn } from './console-support.ts';
import { jpeg, mediaPath, upload } from './photos-helpers.ts';

/*
 * The photo queue of the console (issue: moderation of photos and texts): Amber Hearts reviews
 * photos before others see them (pre), Kurvenreich after (post, the platform's default). A
 * moderator sees only their networks' photos, decides with a reason, and a rejected photo is
 * served nowhere any more while its member learns why.
 */
const amber = {
  ...(JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'localhost.json'), 'utf8')) as { id: string }),
  photo_moderation: 'pre',
};
const app = useServer({ sites: [amber] });
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

const media = (url: string, cookie?: string, host?: string) =>
  app.request(mediaPath(url), { ...(host && { host }), headers: cookie ? { cookie } : {} });

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

    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', photo.id)
      .execute();
    expect(audit.map((a) => [a.action, a.network_id, a.member_id])).toEqual([
      ['photo.approve', 'amber', owner.memberId],
    ]);
  });

  it('rejects with a reason: served nowhere, the next photo is main, the member learns why', async () => {
    const owner = await app.make.loggedIn({ site: CURVY, name: 'Posta', gender: 'female', seeking: 'male' });
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
    expect(mail?.text).toMatch(/http:\/\/curvy\.localhost(:\d+)?\/complaints/);

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
