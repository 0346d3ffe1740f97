import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { memberPages } from '../support/member-routes.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * Member pages whose render reads nothing but their shape are rendered once per shape with
 * stand-ins for the member's texts and filled in per member (src/server/page-template.ts,
 * src/features/accounts/accounts.page-template.ts), and every other member page's layout is kept
 * per shape the same way, its slots rendered per request (src/features/accounts/member-frame.ts,
 * src/server/kept-frame.ts). Here a second process on the same database renders every page whole
 * (MEMBER_PAGE_TEMPLATES=off), and each member's page must be that page: for members whose texts
 * need every kind of escaping, with and without a photo, confirmed or not, in another locale,
 * with likes and messages of their own or none, whoever asked first.
 */

/** Both processes print the same links and the same push key (derived from the secret). */
const PUBLIC_PORT = '8080';
const APP_SECRET = 'member-page-template-test-secret-of-enough-length';
const PAGES = ['/settings', '/nl/settings', '/settings?from=menu'];

const app = useServer({ env: { PUBLIC_PORT, APP_SECRET } });
let whole: TestServer;

beforeAll(async () => {
  whole = await startServer({
    env: {
      PUBLIC_PORT,
      APP_SECRET,
      MEMBER_PAGE_TEMPLATES: 'off',
      DATABASE_URL: `sqlite:${join(app.server.dataDir, 'kindred.sqlite')}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await whole?.stop();
});

type Member = TestMember & TestSession;

/** Members whose texts need every kind of escaping, with and without a photo, in two languages. */
const members: Member[] = [];
/** The profile the pages about one profile are about. */
let other: Member;

beforeAll(async () => {
  const texts = [
    { name: `Zoë "<b>&amp;</b>" O'Brien 😀`, email: "o'brien+x&y@example.com" },
    { name: 'Sam </p><script>alert(1)</script>', email: 'sam"s@example.com' },
    { name: 'Kim \\u0001tK0\\u0002 {count}', email: 'kim@example.com' },
  ];
  for (const text of texts) {
    const member = await app.make.loggedIn(text);
    await app.make.photo(member);
    members.push(member);
  }
  members.push(await app.make.loggedIn({ name: 'Noor', status: 'not_confirmed', language: 'nl' }));
  other = await app.make.loggedIn({ name: 'Robin' });
  await app.make.photo(other);
  // Data that is one member's own, not their shape's: a page that read it must not be kept whole.
  const [zoe, , kim] = members;
  await app.make.like(other, zoe!);
  await app.make.message(other, zoe!, 'Hello from Robin');
  await app.make.like(kim!, other);
  // Sam keeps push previews off: a switch of the notification settings, not of `User`.
  await app.db
    .insertInto('notification_preferences')
    .values({
      member_id: members[1]!.memberId,
      network_id: members[1]!.network,
      category: 'push_preview',
      disabled: 1,
      reason: null,
      updated_at: 0,
    })
    .execute();
});

async function pageOf(server: TestServer, member: Member, path: string) {
  const res = await server.request(path, { headers: { cookie: member.cookie } });
  expect(res.status, res.body.slice(0, 300)).toBe(200);
  return res;
}

/** Astro's island scripts and the style it writes with them: once per page, where it chooses. */
const ASTRO_ELEMENTS =
  /<script>\(\(\)=>\{[\s\S]*?<\/script>|<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;

/**
 * The page as the browser reads it. Kept and whole pages differ in what no browser tells apart:
 * - the islands' ids (`prefix`, and React's `useId`s made from them) count in another order: the
 *   kept frame's islands were counted first. They are numbered here in the order they stand;
 * - an island's `uid` is a hash of its props, which the frame took from the stand-ins;
 * - React writes `'` as `&#x27;` where a filled text has Astro's `&#39;`;
 * - Astro's island scripts stand before the first island of the render that wrote them.
 */
function comparable(html: string): string {
  const ids = new Map<string, string>();
  for (const match of html.matchAll(/ prefix="(k\d+)"/g))
    if (!ids.has(match[1]!)) ids.set(match[1]!, `i${ids.size}`);
  return html
    .replace(/ prefix="(k\d+)"/g, (_, id: string) => ` prefix="${ids.get(id)}"`)
    .replace(/_(k\d+)R_/g, (all, id: string) => (ids.has(id) ? `_${ids.get(id)}R_` : all))
    .replace(/ uid="[^"]*"/g, ' uid')
    .replaceAll('&#x27;', '&#39;')
    .replace(ASTRO_ELEMENTS, '');
}

/** Where two pages first differ, with some text around it on both sides; '' when they do not. */
function firstDifference(a: string, b: string): string {
  if (a === b) return '';
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `…${a.slice(Math.max(0, at - 120), at + 120)}… against …${b.slice(Math.max(0, at - 120), at + 120)}…`;
}

const astroElements = (html: string) => [...html.matchAll(ASTRO_ELEMENTS)].map((m) => m[0]).sort();
const policy = (header: string | string[] | undefined) =>
  String(header)
    .split(/[\s;]+/)
    .sort();

const uids = (html: string) => [...html.matchAll(/ uid="([^"]*)"/g)].map((m) => m[1]).join(',');

describe('member pages filled in from a template', () => {
  it("keep a member's notification settings as part of the shape", async () => {
    const [zoe, sam] = members;
    // Zoe and Sam are of one shape but for Sam's push previews, switched off.
    for (let i = 0; i < 3; i++) {
      for (const member of [zoe!, sam!]) {
        const kept = (await pageOf(app.server, member, '/notifications')).body;
        const rendered = (await pageOf(whole, member, '/notifications')).body;
        expect(firstDifference(comparable(kept), comparable(rendered)), `${member.email} (${i})`).toBe('');
      }
    }
  });

  it('keep no page that reads data: each member gets their own likes', async () => {
    const [zoe, sam] = members;
    // Zoe and Sam are of one shape: a page kept whole for it would show both the same list.
    for (let i = 0; i < 3; i++) {
      expect((await pageOf(app.server, zoe!, '/likes')).body).toContain('Robin');
      expect((await pageOf(app.server, sam!, '/likes')).body).not.toContain('Robin');
    }
  });

  it('are the page each member would have had rendered whole', async () => {
    for (const round of [0, 1]) {
      for (const member of round ? [...members].reverse() : members) {
        for (const path of PAGES) {
          const filled = await pageOf(app.server, member, path);
          const rendered = await pageOf(whole, member, path);
          expect(comparable(filled.body), `${member.email} ${path}`).toBe(comparable(rendered.body));
          expect(filled.headers['content-security-policy']).toBe(rendered.headers['content-security-policy']);
          expect(filled.headers['cache-control']).toBe('private, no-store');
          expect(Number(filled.headers['content-length'])).toBe(Buffer.byteLength(filled.body));
        }
      }
    }
  });

  it('come from one template for members of one shape, and from a render each when off', async () => {
    const [zoe, sam] = members;
    // In another locale the page's address is rewritten to its route, its request copied.
    for (const path of ['/settings', '/nl/settings']) {
      const zoePage = (await pageOf(app.server, zoe!, path)).body;
      const samPage = (await pageOf(app.server, sam!, path)).body;
      expect(uids(zoePage), path).not.toBe('');
      expect(uids(samPage), path).toBe(uids(zoePage));
      expect(samPage).not.toContain(zoe!.email.replace("'", '&#39;'));
      expect(samPage).not.toContain(zoe!.profileId);
      const wholeUids = [zoe!, sam!].map(async (m) => uids((await pageOf(whole, m, path)).body));
      const [zoeWhole, samWhole] = await Promise.all(wholeUids);
      expect(samWhole, path).not.toBe(zoeWhole);
    }
  });
});

describe('member pages in a kept frame', () => {
  it('are the page each member would have had rendered whole, on every member page', async () => {
    const routes = memberPages(other.profileId);
    // A shape's first two requests are rendered whole; the second makes the frame the third fills.
    for (const round of [0, 1, 2]) {
      for (const member of round % 2 ? [...members].reverse() : members) {
        for (const { path } of routes) {
          const kept = await pageOf(app.server, member, path);
          const rendered = await pageOf(whole, member, path);
          const where = `${member.email} ${path} (round ${round})`;
          expect(firstDifference(comparable(kept.body), comparable(rendered.body)), where).toBe('');
          expect(astroElements(kept.body), where).toEqual(astroElements(rendered.body));
          expect(policy(kept.headers['content-security-policy']), where).toEqual(
            policy(rendered.headers['content-security-policy']),
          );
          expect(Number(kept.headers['content-length']), where).toBe(Buffer.byteLength(kept.body));
        }
      }
    }
  });

  it('give each island of a kept page an id of its own', async () => {
    const [zoe] = members;
    for (const { path } of memberPages(other.profileId)) {
      await pageOf(app.server, zoe!, path);
      const page = (await pageOf(app.server, zoe!, path)).body;
      const ids = [...page.matchAll(/ prefix="(k\d+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, path).toBe(ids.length);
    }
  });

  it('come from one frame for members of one shape, and from a render each when off', async () => {
    const [zoe, sam] = members;
    // The frame's islands carry the stand-ins' props hash: the same for both members when kept.
    const navUid = (html: string) => /<astro-island uid="([^"]*)"[^>]*MemberNav/.exec(html)?.[1];
    await pageOf(app.server, zoe!, '/premium');
    const zoePage = (await pageOf(app.server, zoe!, '/premium')).body;
    const samPage = (await pageOf(app.server, sam!, '/premium')).body;
    expect(navUid(zoePage)).toBeTruthy();
    expect(navUid(samPage)).toBe(navUid(zoePage));
    expect(samPage).not.toContain(zoe!.profileId);
    expect(samPage).not.toContain('Brien');
    const [zoeWhole, samWhole] = await Promise.all([zoe!, sam!].map((m) => pageOf(whole, m, '/premium')));
    expect(navUid(samWhole!.body)).not.toBe(navUid(zoeWhole!.body));
  });
});
