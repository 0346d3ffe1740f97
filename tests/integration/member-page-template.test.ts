import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember, TestSession } from '../support/factories.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The member pages listed in `accounts.page-template.ts` are rendered once per shape with
 * stand-ins for the member's texts and filled in per member (src/server/page-template.ts).
 * Here a second process on the same database renders every page whole
 * (MEMBER_PAGE_TEMPLATES=off), and each member's filled page must be that page: for members
 * whose texts need every kind of escaping, with and without a photo, confirmed or not, in
 * another locale, whoever asked first.
 */

/** Both processes print the same links. */
const PUBLIC_PORT = '8080';
const PAGES = ['/settings', '/nl/settings', '/settings?from=menu'];

const app = useServer({ env: { PUBLIC_PORT } });
let whole: TestServer;

beforeAll(async () => {
  whole = await startServer({
    env: {
      PUBLIC_PORT,
      MEMBER_PAGE_TEMPLATES: 'off',
      DATABASE_URL: `sqlite:${join(app.server.dataDir, 'kindred.sqlite')}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await whole?.stop();
});

type Member = TestMember & TestSession;

async function pageOf(server: TestServer, member: Member, path: string) {
  const res = await server.request(path, { headers: { cookie: member.cookie } });
  expect(res.status, res.body.slice(0, 300)).toBe(200);
  return res;
}

/**
 * An island's `uid` is a hash of its props, which a template took from the stand-ins; React
 * writes `'` as `&#x27;` where the filled page has Astro's `&#39;`. Neither is a difference to
 * the browser.
 */
const comparable = (html: string) => html.replace(/ uid="[^"]*"/g, ' uid').replaceAll('&#x27;', '&#39;');
const uids = (html: string) => [...html.matchAll(/ uid="([^"]*)"/g)].map((m) => m[1]).join(',');

describe('member pages filled in from a template', () => {
  const members: Member[] = [];

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
    const zoePage = (await pageOf(app.server, zoe!, '/settings')).body;
    const samPage = (await pageOf(app.server, sam!, '/settings')).body;
    expect(uids(zoePage)).not.toBe('');
    expect(uids(samPage)).toBe(uids(zoePage));
    expect(samPage).not.toContain(zoe!.email.replace("'", '&#39;'));
    expect(samPage).not.toContain(zoe!.profileId);
    const wholeUids = [zoe!, sam!].map(async (m) => uids((await pageOf(whole, m, '/settings')).body));
    const [zoeWhole, samWhole] = await Promise.all(wholeUids);
    expect(samWhole).not.toBe(zoeWhole);
  });
});
