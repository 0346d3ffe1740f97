import { createHash } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { requestTo } from '../support/server.ts';
import { expect, siteUrl, test } from './fixtures.ts';

/*
 * A lander carries its theme's lean entry cut to its own rules at build
 * (scripts/build/lander-styles.ts, src/features/landers/landers.styles.ts), and its signup modal
 * links the rules it needs when it opens. Nothing may look different for that: in each state of
 * each lander the page's computed styles are read twice, once as served and once with the whole
 * lean entry in place of its cut sheet (as a footer page carries it, and the modal's stylesheet
 * as a footer page links it), and must be the same for every element and its `::before`,
 * `::after`, `::marker`, `::placeholder` and an open dialog's `::backdrop`, at 360 and 1280 px:
 * as it opens (the entry warning included where the site shows it), with the page entered, with
 * the signup modal open, with the language menu open on the index, and with the like modal open
 * (`?t=`, which links its stylesheet once the page has loaded). A class that a component or
 * script sets but the cut sheet lost shows up here as a difference, and so does an animation
 * whose `@keyframes` the cut sheet lost (the themes have no other at-rule but `@media`, whose
 * effect the computed styles carry, and no web fonts: src/styles/themes.test.ts).
 *
 * Computed styles instead of screenshots: they see every element, covered or not, and every
 * colour however slightly it moved, and cost less than two full-page screenshots a state. Both
 * sheets are shown in turn in the same page, so the two readings of a state are of the very same
 * document.
 */

const HOSTS = ['localhost', 'curvy.localhost'];
const PAGES = [
  '/',
  '/landers/alonetonight',
  '/landers/collagelanding',
  // The gallery with its like modal (`?t=`): every state of the plain gallery, and that one more.
  '/landers/gallery?t=30',
  '/landers/iconslanding',
  '/landers/maplanding',
  '/landers/socialnetwork',
  '/landers/transitionsvideolanding',
  '/landers/video',
  '/landers/tinderswipe',
  '/members/{id}/landing',
  '/members/{id}/landing3',
  '/members/{id}/signup',
];
const WIDTHS = [360, 1280];
const port = () => Number(process.env.KINDRED_E2E_PORT);

interface Whole {
  css: string;
  modalCss: string;
}

/** The whole lean entry and the modal's stylesheet, as a footer page of the site carries them. */
async function wholeSheet(host: string): Promise<Whole> {
  let answered = await requestTo(port(), '/pages/terms', { host });
  // A site in another language sends its unprefixed pages to its own (curvy: `/de/pages/terms`).
  if (answered.status === 302 || answered.status === 301)
    answered = await requestTo(port(), String(answered.headers.location), { host });
  const html = answered.body;
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  const modalCss = /data-css="([^"]+)"/.exec(html)?.[1];
  if (!css || !modalCss) throw new Error(`${host}/pages/terms carries no lean entry or modal stylesheet`);
  return { css, modalCss };
}

type Served = Awaited<ReturnType<typeof requestTo>>;

/**
 * The page at `url` answers `served`, one answer for the whole test. Its CSP also allows the whole
 * sheet by its hash, so the sheet can stand in for the cut one and nothing else is let in.
 */
async function answer(page: Page, url: string, served: Served, whole: Whole): Promise<void> {
  const wholeHash = `'sha256-${createHash('sha256').update(whole.css).digest('base64')}'`;
  await page.route(url, async (route) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(served.headers)) {
      if (['content-encoding', 'content-length'].includes(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join('\n') : String(value);
    }
    const csp = headers['content-security-policy'];
    if (csp) headers['content-security-policy'] = csp.replace(/style-src /, `style-src ${wholeHash} `);
    await route.fulfill({ status: served.status, headers, body: served.body });
  });
}

/**
 * Shows the whole lean entry in place of the page's cut sheet (its first style element, see
 * src/layouts/Base.astro), and the whole modal stylesheet in place of the cut one wherever a
 * modal linked it, at the end of the head as a footer page links it; or puts back what was served.
 */
async function useSheets(page: Page, whole: Whole | undefined): Promise<void> {
  await page.evaluate(async (whole) => {
    interface Kept {
      css: string;
      links: { link: HTMLLinkElement; href: string; before: Node | null }[];
    }
    const win = window as unknown as { servedSheets?: Kept };
    const theme = document.querySelector('style')!;
    const loaded = (link: HTMLLinkElement) =>
      new Promise<void>((resolve) => {
        link.onload = link.onerror = () => resolve();
      });
    if (whole) {
      const cut = new Set(
        [...document.querySelectorAll('[data-css]')].map((el) => el.getAttribute('data-css')),
      );
      const kept: Kept = { css: theme.textContent ?? '', links: [] };
      const loads: Promise<void>[] = [];
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')) {
        // A link that already has the whole sheet would not load again, and need not.
        const href = link.getAttribute('href');
        if (!cut.has(href) || href === whole.modalCss) continue;
        kept.links.push({ link, href: href!, before: link.nextSibling });
        loads.push(loaded(link));
        link.setAttribute('href', whole.modalCss);
        document.head.append(link);
      }
      win.servedSheets = kept;
      theme.textContent = whole.css;
      await Promise.all(loads);
    } else {
      const kept = win.servedSheets!;
      theme.textContent = kept.css;
      const loads = kept.links.map(({ link, href, before }) => {
        const done = loaded(link);
        link.setAttribute('href', href);
        link.parentNode!.insertBefore(link, before);
        return done;
      });
      await Promise.all(loads);
    }
  }, whole);
}

/** What differs between the styles of a state as served and with the whole sheets. */
type StyleDifferences = string[];

/**
 * Reads the computed styles of every element of the page (and of its pseudo-elements), at rest,
 * into `window.servedStyles`, or compares them with that reading and answers the elements and
 * properties that differ (the first 20). Custom properties are left out: the cut sheet drops the
 * ones no rule of the page uses, and what a used one does shows in the properties it sets.
 */
async function readStyles(page: Page, mode: 'keep' | 'compare'): Promise<StyleDifferences> {
  return page.evaluate(async (mode) => {
    // Every linked sheet in place first: a link moved back where it was loads its sheet again.
    const loading = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some((link) => !link.sheet);
    for (let tries = 0; loading() && tries < 250; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const win = window as unknown as { servedStyles?: string[][] };
    // Styles at rest: a transition (one the sheet swap itself started too) at its end, and an
    // endless animation (a spinner) taken off, as a screenshot with animations disabled has them.
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime === Infinity) animation.cancel();
      else animation.finish();
    }
    const keyframes = new Set<string>();
    for (const sheet of document.styleSheets)
      for (const rule of sheet.cssRules) if (rule instanceof CSSKeyframesRule) keyframes.add(rule.name);
    const declarations = (style: CSSStyleDeclaration, prefix: string): string[] => {
      const out: string[] = [];
      for (let i = 0; i < style.length; i++) {
        const property = style[i]!;
        if (!property.startsWith('--')) out.push(`${prefix}${property}: ${style.getPropertyValue(property)}`);
      }
      // An animation whose keyframes are gone computes the same and does not run.
      for (const name of style.animationName.split(', '))
        if (name !== 'none')
          out.push(`${prefix}@keyframes ${name}: ${keyframes.has(name) ? 'present' : 'missing'}`);
      return out;
    };
    // The page's elements in document order; links and styles move while the sheets are swapped.
    const elements = [document.documentElement, ...document.body.querySelectorAll('*')].filter(
      (el) => !['LINK', 'STYLE', 'SCRIPT'].includes(el.tagName),
    );
    const readings = elements.map((el) => {
      const style = getComputedStyle(el);
      const lines = declarations(style, '');
      const pseudos = ['::before', '::after'];
      if (style.display === 'list-item') pseudos.push('::marker');
      if (el.matches('input, textarea')) pseudos.push('::placeholder');
      if (el.matches('dialog[open]')) pseudos.push('::backdrop');
      for (const pseudo of pseudos) {
        const pseudoStyle = getComputedStyle(el, pseudo);
        const content = pseudoStyle.getPropertyValue('content');
        if ((pseudo === '::before' || pseudo === '::after') && (content === 'none' || content === 'normal'))
          continue;
        lines.push(...declarations(pseudoStyle, pseudo + ' '));
      }
      return lines;
    });
    if (mode === 'keep') {
      win.servedStyles = readings;
      return [];
    }
    const served = win.servedStyles!;
    const differences: string[] = [];
    if (served.length !== readings.length)
      differences.push(`${served.length} elements as served, ${readings.length} with the whole sheet`);
    /** An element as a difference names it: its place, tag, id and classes. */
    const named = (index: number): string => {
      const el = elements[index]!;
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      return `${index}:${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}`;
    };
    readings.forEach((lines, index) => {
      const before = served[index] ?? [];
      const was = new Set(before);
      const is = new Set(lines);
      for (const line of before) if (!is.has(line)) differences.push(`${named(index)} as served ${line}`);
      for (const line of lines) if (!was.has(line)) differences.push(`${named(index)} whole ${line}`);
    });
    return differences.slice(0, 20);
  }, mode);
}

/** Each state of the page, read as served and with the whole sheets, in one fresh visitor's browser. */
async function states(
  browser: Browser,
  url: string,
  width: number,
  served: Served,
  whole: Whole,
): Promise<Map<string, StyleDifferences>> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const differences = new Map<string, StyleDifferences>();
  const both = async (state: string) => {
    // The mouse off what it last clicked: a hover that ends by itself (a modal opened over the
    // link) would end between the two readings.
    await page.mouse.move(0, 0);
    await readStyles(page, 'keep');
    await useSheets(page, whole);
    differences.set(state, await readStyles(page, 'compare'));
    await useSheets(page, undefined);
  };
  try {
    await answer(page, url, served, whole);
    await page.goto(url);
    await both('opened');
    const warning = page.locator('dialog#entry-warning');
    if (await warning.evaluate((d: HTMLDialogElement) => d.open).catch(() => false)) {
      await warning.locator('[data-entry-confirm]').click();
      await expect(warning).toBeHidden();
      await both('entered');
    }
    const menu = page.locator('.lang-switcher summary');
    if (await menu.isVisible()) {
      await menu.click();
      await both('language menu');
      await menu.click();
    }
    const like = page.locator('dialog#like-modal');
    if (await like.count()) {
      // Opened now rather than after `t` seconds, once the stylesheet it links has loaded.
      const css = await like.getAttribute('data-css');
      if (css)
        await page.waitForFunction((href) => {
          const link = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].find(
            (l) => l.getAttribute('href') === href,
          );
          return !!link?.sheet;
        }, css);
      await like.evaluate((d: HTMLDialogElement) => d.showModal());
      await both('like modal');
      // The page's own timer (`t=30`) would open it again over the signup link on a slow run.
      await like.evaluate((d: HTMLDialogElement) => {
        d.close();
        d.showModal = () => undefined;
      });
    }
    const signup = page.locator('[data-signup], a[href$="/signup"]').filter({ visible: true }).first();
    if (await signup.count()) {
      await signup.click();
      await expect(page.locator('.modal-dialog').first()).toBeVisible({ timeout: 15_000 });
      await both('signup modal');
    }
  } finally {
    await context.close();
  }
  return differences;
}

for (const host of HOSTS) {
  test.describe(`the landers of ${host} look the same with their cut stylesheet`, () => {
    let memberId = '';
    test.beforeAll(async () => {
      // A public member of the site, linked by the gallery's like modal (`?t=`).
      let answered = await requestTo(port(), '/landers/gallery?t=30', { host });
      if (answered.status === 302 || answered.status === 301)
        answered = await requestTo(port(), String(answered.headers.location), { host });
      const gallery = answered.body;
      memberId = /\/members\/([a-z0-9]+)"/.exec(gallery)?.[1] ?? '';
    });

    for (const path of PAGES) {
      for (const width of WIDTHS) {
        test(`${path} at ${width} px`, async ({ browser }) => {
          test.setTimeout(120_000);
          let target = path.replace('{id}', memberId);
          let answered = await requestTo(port(), target, { host });
          // A site in another language first sends its index to its own (curvy: `/de/`).
          if (answered.status === 302 || answered.status === 301) {
            target = String(answered.headers.location);
            answered = await requestTo(port(), target, { host });
          }
          expect(answered.status).toBe(200);
          const url = siteUrl(host, target);
          const whole = await wholeSheet(host);
          const differences = await states(browser, url, width, answered, whole);
          expect(Object.fromEntries(differences)).toEqual(
            Object.fromEntries([...differences.keys()].map((state) => [state, []])),
          );
        });
      }
    }
  });
}
