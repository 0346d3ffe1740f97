import type { Browser, Page } from '@playwright/test';
import type { ProfileRef, SiteRef, TestMember, TestSession } from '../support/factories.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { DEMO } from '../support/server.ts';
import { FOOTER_PAGES, LANDERS } from '../support/routes.ts';
import { memberPages } from '../support/member-routes.ts';
import { accessibilityViolations, expect, picture, test } from './fixtures.ts';
import {
  hydrated,
  SCREENSHOTS,
  textsCut,
  url,
  useMemberJourney,
  visitorContext,
} from './accounts-support.ts';

/*
 * Phones at 360 px (issue 27, point 4): every visitor page and every member page, in English and
 * in German, on every theme (amber, midnight, and amber under rainbow's own brand colours), with
 * members whose names are as long as a name may be, unread messages, likes and matches. No page
 * may scroll sideways, nothing may stick out past the right edge (scrollable strips excepted), and
 * every fictional-profile label is shown whole: not cut by its own box, nor by a box around it,
 * nor by the screen. A not-yet-activated member with a long address gets the same checks on the
 * pages that carry the activation banner.
 */

const app = useMemberJourney();
const WIDTH = 360;

// The longest names a profile may have (30 characters), one without a place to break a line.
const LONG_NAMES = [
  'Wolkenkratzerfensterputzerinne',
  'Maximiliane-Konstanze Oberhaus',
  'Bartholomäus Zwiebelfischer',
];
const LONG_EMAIL = 'maximiliane.konstanze.oberhausen-wolkenstein@beispiel-unternehmen.example.org';

interface SitePlan {
  id: string;
  site: SiteRef & { host: string };
  prefixes: readonly string[];
}

// Amber and midnight are the two themes; rainbow is amber under a brand of its own.
const SITES: SitePlan[] = [
  { id: 'amber', site: DEMO.amber, prefixes: ['', '/de'] },
  { id: 'curvy', site: DEMO.curvy, prefixes: ['/de', ''] },
  { id: 'rainbow', site: DEMO.rainbow, prefixes: [''] },
];

interface Cast {
  me: TestMember & TestSession;
  pending: TestMember & TestSession;
  fictional: ProfileRef;
  other: TestMember;
  /** The conversation the fictional profile started. */
  chat: string;
}

const casts = new Map<string, Cast>();

/**
 * A conversation in both chat lists with `count` unread messages for `to`: the factory writes the
 * conversation and its message, and the two sides' rows are written here as the chat feature
 * keeps them.
 */
async function unreadChat(from: ProfileRef, to: ProfileRef, text: string, count = 12): Promise<string> {
  const { conversationId, messageId } = await app.make.message(from, to, text);
  const now = Date.now();
  await app.db
    .updateTable('conversations')
    .set({ last_message_at: now, last_message_id: messageId })
    .where('id', '=', conversationId)
    .execute();
  await app.db
    .insertInto('conversation_members')
    .values([
      {
        conversation_id: conversationId,
        profile_id: from.profileId,
        network_id: from.network,
        unread_count: 0,
        last_read_at: now,
        deleted_at: null,
        created_at: now,
      },
      {
        conversation_id: conversationId,
        profile_id: to.profileId,
        network_id: to.network,
        unread_count: count,
        last_read_at: null,
        deleted_at: null,
        created_at: now,
      },
    ])
    .execute();
  return conversationId;
}

/** The people of one site: the member, a real member and a fictional one who wrote and liked, all long-named. */
async function castFor(plan: SitePlan): Promise<Cast> {
  const known = casts.get(plan.id);
  if (known) return known;
  const make = app.make;
  const { site } = plan;
  const gay = site.id === DEMO.rainbow.id;
  const me = await make.loggedIn({
    site,
    name: LONG_NAMES[0],
    gender: 'male',
    seeking: gay ? 'male' : 'female',
    country: 'DE',
  });
  await make.photo(me, { dataDir: app.server.dataDir });
  const other = await make.member({
    site,
    name: LONG_NAMES[1],
    gender: gay ? 'male' : 'female',
    seeking: 'male',
    country: 'DE',
  });
  await make.photo(other, { dataDir: app.server.dataDir });
  const fictional = await make.operatorProfile({
    network: site.network,
    name: LONG_NAMES[2],
    fictional: true,
  });
  await make.updateProfile(fictional, { country: 'DE', gender: gay ? 'male' : 'female' });
  await make.photo(fictional, { dataDir: app.server.dataDir });
  const chat = await unreadChat(fictional, me, 'Hallo, wie geht es dir heute an diesem schönen Tag?');
  await unreadChat(other, me, 'Donaudampfschifffahrtsgesellschaftskapitänsmützenband');
  await make.like(fictional, me);
  await make.like(other, me);
  await make.like(me, other);
  const pending = await make.loggedIn({
    site,
    name: LONG_NAMES[1],
    email: `${plan.id}.${LONG_EMAIL}`,
    status: 'not_confirmed',
    country: 'DE',
  });
  const cast = { me, pending, fictional, other, chat };
  casts.set(plan.id, cast);
  return cast;
}

function visitorPaths(cast: Cast): string[] {
  const profile = cast.fictional.profileId;
  return [
    '/',
    '/login',
    '/signup',
    '/lang-config',
    '/reset-password',
    '/members',
    ...FOOTER_PAGES,
    ...LANDERS.map((l) => `/landers/${l}`),
    `/members/${profile}/landing`,
    `/members/${profile}/landing2`,
    `/members/${profile}/landing3`,
    `/members/${profile}/signup`,
    '/no-such-page',
  ];
}

function memberPaths(cast: Cast): string[] {
  return [
    '/',
    ...memberPages(cast.other.profileId).map((p) => p.path),
    `/chats/${cast.chat}`,
    `/members/${cast.fictional.profileId}`,
  ];
}

interface LayoutReport {
  scrollWidth: number;
  innerWidth: number;
  /** Elements whose right edge is past the screen, outside any scrollable strip. */
  wide: string[];
  /**
   * Fictional labels cut by their own box, a clipping box around them, or the screen; member
   * cards whose age or "Online" is cut, or whose badges lie over each other.
   */
  clipped: string[];
  labels: number;
}

/** A 360 px browser logged in as `member` on its site's host. */
async function memberContext(browser: Browser, plan: SitePlan, member: TestSession) {
  const context = await visitorContext(browser, { width: WIDTH });
  await context.addCookies([
    { name: 'session', value: member.token, url: url(app.server, '/', plan.site.host) },
  ]);
  return context;
}

/** Measures the page as it stands: what sticks out, and which fictional labels are cut. */
async function measure(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const classes = [...el.classList].join('.');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} [${Math.round(r.left)}–${Math.round(r.right)}] "${text}"`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    // A strip that scrolls on purpose (a row of chips, a table): its content may go past the edge.
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    // Hidden from everyone but screen readers (.visually-hidden and the like): not on the screen.
    const clippedAway = (el: Element) => {
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
        // Closed dialogs and off-canvas panels sit outside the screen until opened.
        if (a instanceof HTMLDialogElement && !a.open) return true;
        if (a.classList.contains('offcanvas') && !a.classList.contains('show')) return true;
        // The content of a closed disclosure is laid out but not shown (its summary is).
        if (a.parentElement instanceof HTMLDetailsElement && !a.parentElement.open && a.tagName !== 'SUMMARY')
          return true;
      }
      return false;
    };
    // The right edge a reader sees: where a box that clips its content (a truncated line) ends it.
    const visibleRight = (el: Element) => {
      let right = el.getBoundingClientRect().right;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible')
          right = Math.min(right, a.getBoundingClientRect().right);
      }
      return right;
    };
    const innerWidth = window.innerWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => visibleRight(el) > innerWidth + 0.5)
      .filter((el) => shown(el) && !inScroller(el) && !clippedAway(el))
      .slice(0, 8)
      .map(describe);
    const labels = [...document.querySelectorAll('.badge-fictional')].filter(shown);
    const clipped: string[] = [];
    for (const label of labels) {
      const r = label.getBoundingClientRect();
      if (label.scrollWidth > label.clientWidth + 1) clipped.push(`${describe(label)}: its text is cut`);
      else if (r.left < -0.5 || r.right > innerWidth + 0.5)
        clipped.push(`${describe(label)}: off the screen`);
      else {
        for (let a = label.parentElement; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const box = a.getBoundingClientRect();
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
            clipped.push(`${describe(label)}: cut by ${describe(a)}`);
            break;
          }
        }
      }
    }
    // A member card's (or a conversation's) age and the word "Online" are read whole: only the
    // name may give way.
    const clipRight = (el: Element) => {
      let right = Number.POSITIVE_INFINITY;
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible')
          right = Math.min(right, a.getBoundingClientRect().right);
      }
      return right;
    };
    for (const name of [...document.querySelectorAll('.member-card-name, .chat-list-name')].filter(shown)) {
      const link = name.querySelector('a');
      const age = [...(link?.childNodes ?? [])]
        .reverse()
        .find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      const parts: Array<[string, DOMRect]> = [];
      if (age) {
        const range = document.createRange();
        range.selectNodeContents(age);
        parts.push(['its age', range.getBoundingClientRect()]);
      }
      const online = name.querySelector('.member-card-online');
      if (online && shown(online)) parts.push(['"Online"', online.getBoundingClientRect()]);
      for (const [what, box] of parts)
        if (box.right > Math.min(clipRight(name), innerWidth) + 0.5)
          clipped.push(`${describe(name)}: ${what} is cut`);
    }
    // Two badges of one card never lie over each other ("New" under a fictional label).
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    for (const card of document.querySelectorAll('.member-card')) {
      const badges = [...card.querySelectorAll('.badge')].filter(shown).map((b) => b.getBoundingClientRect());
      if (badges.some((a, i) => badges.slice(i + 1).some((b) => overlap(a, b))))
        clipped.push(`${describe(card)}: two badges overlap`);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      wide,
      clipped,
      labels: labels.length,
    };
  });
}

function fileName(plan: SitePlan, prefix: string, who: string, path: string): string {
  const lang = prefix ? prefix.slice(1) : 'en';
  const slug =
    path === '/'
      ? 'index'
      : path
          .replace(/^\//, '')
          .replace(/[^a-z0-9]+/gi, '-')
          .slice(0, 40);
  return `${SCREENSHOTS}/layout-${plan.id}-${lang}-${who}-${slug}-${WIDTH}.png`;
}

async function check(page: Page, target: string, shot: string): Promise<LayoutReport> {
  const response = await page.goto(target);
  expect(response?.status(), target).toBeLessThan(500);
  await hydrated(page);
  // Fonts and pictures change widths; measure once the page has settled.
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  await picture(page, shot, { fullPage: true });
  return measure(page);
}

function expectFits(report: LayoutReport, target: string): void {
  // Soft: one run names every page that does not fit, not only the first.
  expect
    .soft(
      { scrollWidth: report.scrollWidth <= report.innerWidth, wide: report.wide, clipped: report.clipped },
      `${target} at ${WIDTH} px (page ${report.scrollWidth} px wide)`,
    )
    .toEqual({ scrollWidth: true, wide: [], clipped: [] });
}

/**
 * A free member's five navigation items (the balance beside Get Premium) share one row, badges
 * and German words included, each label whole; the logo, the account menu (a name as long as a
 * name may be) and the
 * language switcher share the row above it. On one row: every box's top above every box's bottom.
 */
async function expectHeaderRows(page: Page, lang: string): Promise<void> {
  const oneRow = (selector: string) =>
    page.locator(selector).evaluateAll((items) => {
      const boxes = items.map((item) => item.getBoundingClientRect());
      return Math.max(...boxes.map((box) => box.top)) < Math.min(...boxes.map((box) => box.bottom));
    });
  await expect(page.locator('.member-nav .nav-item')).toHaveCount(5);
  await expect(page.locator('.member-nav .nav-badge').first()).toBeVisible();
  expect.soft(await oneRow('.member-nav .nav-item'), `${lang}: the member navigation on one row`).toBe(true);
  expect.soft(await navLabelFaults(page), `${lang}: every navigation label whole`).toEqual([]);
  await expect(page.locator('.site-navbar .lang-switcher')).toHaveCount(1);
  expect
    .soft(
      await oneRow('.site-navbar .site-logo, .site-navbar .account-menu, .site-navbar .lang-switcher'),
      `${lang}: logo, account menu and language switcher on one row`,
    )
    .toBe(true);
}

/** The member navigation's labels not read whole: cut to an ellipsis, out of their item, or under a count badge. */
function navLabelFaults(page: Page): Promise<string[]> {
  return page.locator('.member-nav .nav-link').evaluateAll((links) => {
    const faults: string[] = [];
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const badges = [...document.querySelectorAll('.member-nav .nav-badge')].map((b) =>
      b.getBoundingClientRect(),
    );
    for (const link of links) {
      const label = link.querySelector('.nav-label');
      if (!label) continue;
      const text = label.textContent ?? '';
      const r = label.getBoundingClientRect();
      const box = link.getBoundingClientRect();
      if (label.scrollWidth > label.clientWidth + 1 || r.left < box.left - 0.5 || r.right > box.right + 0.5)
        faults.push(`${text}: cut`);
      if (badges.some((badge) => overlap(badge, r))) faults.push(`${text}: under a badge`);
    }
    return faults;
  });
}

for (const plan of SITES) {
  for (const prefix of plan.prefixes) {
    const lang = prefix ? prefix.slice(1) : 'en';

    test(`${plan.id} ${lang}: visitor pages fit ${WIDTH} px, fictional labels whole`, async ({ browser }) => {
      test.setTimeout(240_000);
      const cast = await castFor(plan);
      const context = await visitorContext(browser, { width: WIDTH });
      const page = await context.newPage();
      for (const path of visitorPaths(cast)) {
        const target = url(app.server, prefix + path, plan.site.host);
        expectFits(await check(page, target, fileName(plan, prefix, 'visitor', path)), target);
      }
      await context.close();
    });

    test(`${plan.id} ${lang}: member pages fit ${WIDTH} px, fictional labels whole`, async ({ browser }) => {
      test.setTimeout(240_000);
      const cast = await castFor(plan);
      const context = await memberContext(browser, plan, cast.me);
      const page = await context.newPage();
      let labels = 0;
      for (const path of memberPaths(cast)) {
        const target = url(app.server, prefix + path, plan.site.host);
        const report = await check(page, target, fileName(plan, prefix, 'member', path));
        labels += report.labels;
        expectFits(report, target);
        // The search, before any count is read: every badge is there.
        if (path === '/members') await expectHeaderRows(page, lang);
        if (path.startsWith('/likes')) {
          // The three tabs fit on one row, counts and German words included (once they are there).
          await page.locator('.likes-tabs .nav-item').first().waitFor();
          const rows = await page
            .locator('.likes-tabs .nav-item')
            .evaluateAll(
              (items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size,
            );
          expect.soft(rows, `${target}: the likes tabs on one row`).toBe(1);
        }
      }
      // The fictional profile wrote and liked: its label was on screen to be measured.
      expect(labels).toBeGreaterThan(0);
      await context.close();
    });

    test(`${plan.id} ${lang}: a member not yet activated, with a long address, fits ${WIDTH} px`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const cast = await castFor(plan);
      const context = await memberContext(browser, plan, cast.pending);
      const page = await context.newPage();
      for (const path of ['/members', '/chats', '/likes', '/profile', '/settings', '/credits']) {
        const target = url(app.server, prefix + path, plan.site.host);
        expectFits(await check(page, target, fileName(plan, prefix, 'pending', path)), target);
      }
      await context.close();
    });
  }
}

/*
 * Every language, where the runs above measure English and German alone: Finnish, French, Polish
 * and Swedish words are longer. The pages with forms fit 360 px; the member navigation reads
 * whole down to 320 px; the chat composer's hint fits its box (a text box's hint is cut, not
 * ellipsed, when it is longer than the box).
 */
test('amber: member pages, the navigation and the composer fit a phone in every language', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const cast = await castFor(SITES[0]!);
  const context = await memberContext(browser, SITES[0]!, cast.me);
  const page = await context.newPage();
  const faults: string[] = [];
  for (const locale of LOCALES) {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await page.setViewportSize({ width: WIDTH, height: 740 });
    for (const path of ['/members', '/match-finder', '/profile', '/settings', '/credits', '/notifications']) {
      const target = url(app.server, prefix + path, DEMO.amber.host);
      expectFits(await check(page, target, fileName(SITES[0]!, prefix, 'member', path)), target);
    }
    await page.goto(url(app.server, `${prefix}/chats/${cast.chat}`, DEMO.amber.host));
    for (const hint of await textsCut(page, '#chat-text'))
      faults.push(`${locale} at ${WIDTH} px: the composer's hint "${hint}" is cut`);
    for (const width of [320, WIDTH]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(url(app.server, `${prefix}/premium`, DEMO.amber.host));
      // The counts of unread messages and new likes are in the navigation's first render.
      await expect(page.locator('.member-nav .nav-badge')).toHaveCount(3);
      for (const fault of await navLabelFaults(page)) faults.push(`${locale} at ${width} px: ${fault}`);
    }
  }
  expect(faults).toEqual([]);
  await context.close();
});

/*
 * axe on the member pages of each theme, where the chat list's row menu, the likes tabs and the
 * outline buttons are: the visitor pages have their own runs (accessibility.spec.ts).
 */
for (const plan of SITES) {
  test(`${plan.id}: member pages have no axe violations`, async ({ browser }) => {
    test.setTimeout(180_000);
    const cast = await castFor(plan);
    const context = await memberContext(browser, plan, cast.me);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const prefix = plan.prefixes[0]!;
    const found: string[] = [];
    for (const path of [
      '/chats',
      '/likes',
      '/profile/photos',
      '/settings',
      '/notifications',
      '/credits',
      '/members',
    ]) {
      await page.goto(url(app.server, prefix + path, plan.site.host));
      await hydrated(page);
      for (const v of await accessibilityViolations(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });
}
