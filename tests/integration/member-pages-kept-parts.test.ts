import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { ACCOUNTS_SERVER, signUp, Visitor } from './accounts-helpers.ts';

/*
 * ARCHITECTURE.md rule 10: member pages are never cached, but the server HTML of islands that
 * show nothing of the member is rendered once per input (src/server/island-html.ts). Whatever
 * was kept, each member's page shows that member alone, in the page's locale and with the
 * page's site.
 */

/*
 * The counting mode prints `island html kept: <component>` whenever a page got kept HTML. Pages
 * are rendered whole here: a page filled in from a template renders no island at all.
 */
const app = useServer({
  ...ACCOUNTS_SERVER,
  env: { KINDRED_COUNT_SQL: '1', MEMBER_PAGE_TEMPLATES: 'off' },
});
let robin: Visitor;
let sam: Visitor;
let kim: Visitor;
const emails: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  robin = new Visitor(app.server, DEMO.curvy.host);
  sam = new Visitor(app.server, DEMO.curvy.host);
  // Kurvenreich speaks German unless a visitor chose otherwise: these two chose English, so
  // `/settings` is theirs in English and `/de/`, `/nl/` name the other languages.
  robin.cookies.set('locale', 'en');
  sam.cookies.set('locale', 'en');
  kim = new Visitor(app.server, DEMO.amber.host);
  for (const [name, visitor] of [
    ['robin', robin],
    ['sam', sam],
    ['kim', kim],
  ] as const) {
    const { fields, user } = await signUp(visitor, { name: name[0]!.toUpperCase() + name.slice(1) });
    emails[name] = fields.email;
    ids[name] = user.id;
  }
});

async function settingsOf(visitor: Visitor, path = '/settings'): Promise<string> {
  const page = await visitor.get(path);
  expect(page.status, page.body.slice(0, 300)).toBe(200);
  return page.body;
}

let marks = 0;
/**
 * What the server printed while it answered `request`'s page: between the count lines of two
 * requests of its own, so that lines of an earlier request cannot be taken for this one's.
 */
async function printedWhile(request: () => Promise<string>): Promise<{ page: string; printed: string }> {
  const mark = async () => {
    const path = `/api/user.php?mark=${++marks}`;
    expect((await robin.get(path, { 'x-client-request': '1' })).status).toBe(200);
    await app.server.waitForOutput(`sql statements: GET ${path} `);
    return app.server.output().indexOf(`sql statements: GET ${path} `);
  };
  const from = await mark();
  const page = await request();
  const to = await mark();
  return { page, printed: app.server.output().slice(from, to) };
}

/** The HTML of the island from `component` (its server HTML and props). */
function island(page: string, component: string): string {
  const start = page.search(new RegExp(`<astro-island[^>]*component-url="[^"]*/${component}\\.`));
  expect(start, component).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf('</astro-island>', start));
}

describe('member pages with kept island HTML', () => {
  it('show each member only their own data, however often the others asked before', async () => {
    for (let round = 0; round < 2; round++) {
      for (const [name, visitor] of [
        ['robin', robin],
        ['sam', sam],
        ['kim', kim],
      ] as const) {
        const page = await settingsOf(visitor);
        expect(page).toContain(emails[name]);
        expect(page).toContain(ids[name]);
        for (const other of Object.keys(emails).filter((n) => n !== name)) {
          expect(page).not.toContain(emails[other]);
          expect(page).not.toContain(ids[other]);
        }
      }
    }
  });

  it('give the same kept form HTML to two members, each with their own props', async () => {
    const a = await settingsOf(robin);
    const { page: b, printed } = await printedWhile(() => settingsOf(sam));
    // Equal HTML alone would hold for a form rendered afresh: the server says it kept this one.
    expect(printed).toContain('island html kept: ChangePasswordForm\n');
    const form = (page: string) => island(page, 'ChangePasswordForm').replace(/^<astro-island[^>]*>/, '');
    expect(form(a)).toBe(form(b));
    expect(island(a, 'ChangePasswordForm')).toContain(ids.robin);
    expect(island(b, 'ChangePasswordForm')).toContain(ids.sam);
  });

  it('render kept islands in the page locale', async () => {
    const english = island(await settingsOf(robin), 'ChangePasswordForm');
    const dutch = island(await settingsOf(robin, '/nl/settings'), 'ChangePasswordForm');
    const german = island(await settingsOf(robin, '/de/settings'), 'ChangePasswordForm');
    expect(english).toContain('Keep me logged in on this device');
    expect(dutch).not.toContain('Keep me logged in on this device');
    expect(german).not.toContain('Keep me logged in on this device');
    expect(dutch).not.toBe(german);
    // And back: the English form is still English after the others were kept.
    expect(island(await settingsOf(robin), 'ChangePasswordForm')).toContain(
      'Keep me logged in on this device',
    );
  });

  it("render kept islands with the page's site", async () => {
    const curvy = island(await settingsOf(sam), 'DeleteAccount');
    const amber = island(await settingsOf(kim), 'DeleteAccount');
    expect(curvy).toContain(ids.sam);
    expect(amber).toContain(ids.kim);
    expect(curvy).not.toContain(ids.kim);
  });
});
