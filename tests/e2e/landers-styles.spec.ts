import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { requestTo } from '../support/server.ts';
import { expect, siteUrl, test } from './fixtures.ts';

/*
 * A lander carries its theme's lean entry cut to its own rules at build
 * (scripts/build/lander-styles.ts, src/features/landers/landers.styles.ts), and its signup modal
 * links the rules it needs when it opens. Nothing may look different for that: in each state of
 * each lander the page is shot twice, once as served and once with the whole lean entry in place
 * of its cut sheet (as a footer page carries it, and the modal's stylesheet as a footer page links
 * it), and the screenshots must match pixel for pixel, at 360 and 1280 px: as it opens (the entry
 * warning included where the site shows it), with the page entered, with the signup modal open,
 * with the language menu open on the index, and with the like modal open (`?t=`, which links its
 * stylesheet once the page has loaded). A class that a component or script sets but the cut sheet
 * lost shows up here as a difference.
 *
 * Both sheets are shown in turn in the same page, so the two shots of a state are of the very same
 * document: the page loads once, and no member's "online" badge or timer can differ between them.
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

/** Waits until what a screenshot shows no longer moves: images decoded, videos at their start. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    for (const video of document.querySelectorAll('video')) {
      video.pause();
      video.removeAttribute('autoplay');
    }
  });
}

/**
 * A full-page screenshot. A video is masked: the browser draws its own loading spinner over it
 * at whatever point of its turn, which no stylesheet decides.
 */
const shot = async (page: Page) =>
  page.screenshot({
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator('video')],
    timeout: 20_000,
  });

/** Each state of the page, shot as served and with the whole sheets, in one fresh visitor's browser. */
async function states(
  browser: Browser,
  url: string,
  width: number,
  served: Served,
  whole: Whole,
): Promise<Map<string, [Buffer, Buffer]>> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const shots = new Map<string, [Buffer, Buffer]>();
  const both = async (state: string) => {
    const asServed = await shot(page);
    await useSheets(page, whole);
    await settle(page);
    const withWhole = await shot(page);
    await useSheets(page, undefined);
    await settle(page);
    shots.set(state, [asServed, withWhole]);
  };
  try {
    await answer(page, url, served, whole);
    await page.goto(url);
    await settle(page);
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
      await settle(page);
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
      await settle(page);
      await both('signup modal');
    }
  } finally {
    await context.close();
  }
  return shots;
}

/**
 * A pixel differs when a channel moves by more than this: the same page rasterised twice may
 * round an antialiased edge or a scaled photo by a few levels, while a lost rule moves colours by
 * far more (a button's border, a background, a badge).
 */
const CHANNEL_TOLERANCE = 24;

/** How many pixels differ, or why the two cannot be compared. */
async function difference(a: Buffer, b: Buffer): Promise<number | string> {
  if (a.equals(b)) return 0;
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (x!.info.width !== y!.info.width || x!.info.height !== y!.info.height)
    return `${x!.info.width}×${x!.info.height} as served, ${y!.info.width}×${y!.info.height} with the whole sheet`;
  let pixels = 0;
  for (let i = 0; i < x!.data.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(x!.data[i + c]! - y!.data[i + c]!) > CHANNEL_TOLERANCE) {
        pixels++;
        break;
      }
    }
  }
  return pixels;
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
        test(`${path} at ${width} px`, async ({ browser }, testInfo) => {
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
          const shots = await states(browser, url, width, answered, whole);
          const differences: Array<[string, number | string]> = [];
          for (const [state, [asServed, withWhole]] of shots) {
            const pixels = await difference(asServed, withWhole);
            differences.push([state, pixels]);
            if (pixels === 0) continue;
            // Both screenshots beside the failure, to see what moved.
            writeFileSync(testInfo.outputPath(`${state} as served.png`), asServed);
            writeFileSync(testInfo.outputPath(`${state} with the whole sheet.png`), withWhole);
          }
          expect(Object.fromEntries(differences)).toEqual(
            Object.fromEntries([...shots.keys()].map((state) => [state, 0])),
          );
        });
      }
    }
  });
}
