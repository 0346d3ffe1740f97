import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { landerReachedFiles, namedCustomProperties } from '../../scripts/build/lander-styles.ts';
import type { LanderSheet } from '../../src/features/landers/landers.styles.ts';
import { REPO_ROOT } from '../support/server.ts';
import { LANDERS } from '../support/routes.ts';
import { useServer } from '../support/use-server.ts';

/*
 * A lander's inline stylesheet is its theme's lean entry cut at build to the rules that lander
 * uses (scripts/build/lander-styles.ts). Walked on the built server for every theme, every niche
 * (each niche's index is its default lander) and every lander and member's lander:
 * - the inline CSS keeps its budget;
 * - every class the page renders, and every class the landers' scripts set, that the whole lean
 *   entry styles is still styled by the cut sheet (a safelist that rots fails here), but for the
 *   like modal's, which its own stylesheet styles;
 * - the signup modal's stylesheet on a lander is the same cut with the modal's rules added, and
 *   the like modal links it too.
 * tests/e2e/landers-styles.spec.ts compares the pages' computed styles with the whole entry's.
 */

/**
 * Raw bytes of inline CSS a lander may carry (Lighthouse's blocking time on a phone): 16–20 KB
 * today, see docs/performance.md, "Landers and public pages", for what is left.
 */
const INLINE_CSS_BUDGET = 20 * 1024;

/**
 * The sheet a page carries (src/features/landers/landers.styles.ts): a member's lander's, or the
 * design's (`data-lander`), as an index's on `/`.
 */
function sheetOf(path: string, html: string): LanderSheet {
  if (path.startsWith('/members/')) return 'profile';
  const lander = /\sdata-lander="([a-z]+)"/.exec(html)![1]!;
  return (path === '/' ? `${lander}-home` : lander) as LanderSheet;
}
/** Custom properties that the code of a page's sheet reads or sets: they stay declared. */
const namedBySheet = new Map<LanderSheet, RegExp[]>();
const namedFor = (sheet: LanderSheet) => {
  if (!namedBySheet.has(sheet))
    namedBySheet.set(sheet, namedCustomProperties(REPO_ROOT, landerReachedFiles(REPO_ROOT, sheet)));
  return namedBySheet.get(sheet)!;
};
/** The like modal (`?t=`): its classes are styled by the stylesheet it links before it opens. */
const LIKE_MODAL = /<dialog id="like-modal"[\s\S]*?<\/dialog>/;
const classesIn = (html: string) =>
  new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter(Boolean));

const NICHES = ['general', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'];
const THEMES = ['amber', 'midnight'];
const SITES = THEMES.flatMap((theme) =>
  NICHES.map((niche) => ({
    id: `styles-${niche}-${theme}`,
    domains: [`${niche}-${theme}.localhost`],
    name: `Styles ${niche} ${theme}`,
    niche,
    theme,
    network: 'amber',
  })),
);

const app = useServer({ seedSize: 40, sites: SITES });

/**
 * Classes whose only rule sets a property that Bootstrap's own scripts read (`--bs-position`, for
 * Popper), which no page loads: with nothing reading it, the cut drops the rule.
 */
const FOR_BOOTSTRAP_SCRIPTS = ['dropdown-menu-end'];
/** The custom properties a sheet declares, and those it reads (`var(--name`). */
const declared = (css: string) => new Set([...css.matchAll(/[{;](--[\w-]+):/g)].map((m) => m[1]!));
/** Those declared on `:root` (the theme's, the brand defaults). */
const rootDeclared = (css: string) =>
  declared([...css.matchAll(/(?:^|\})\s*:root[^{]*(\{[^}]*)/g)].map((m) => m[1]).join(''));
const read = (css: string) => new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!));
const themeSheet = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
/**
 * The classes a sheet's selectors name, each sheet read once: a page's check asks about every
 * class it renders, against three sheets.
 */
const selectorClasses = new Map<string, Set<string>>();
/** Whether `css` has a rule whose selector names the class (not merely a longer class). */
function styles(css: string, name: string): boolean {
  let classes = selectorClasses.get(css);
  if (!classes) {
    const selectors = css.replace(/\{[^{}]*\}/g, '{}');
    classes = new Set([...selectors.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!));
    selectorClasses.set(css, classes);
  }
  return classes.has(name);
}

/** Classes a browser script sets (`classList.add('…')`): nothing renders them. */
function scriptClasses(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const names = new Set<string>();
  for (const call of text.matchAll(/classList\.(?:add|remove|toggle)\(([^)]*)\)/g)) {
    for (const literal of call[1]!.matchAll(/'([\w-]+)'/g)) names.add(literal[1]!);
  }
  return [...names];
}
/** Every page's behaviours (the loading bar). */
const PAGE_SCRIPT_CLASSES = scriptClasses('src/features/page-behaviours/page-behaviours.inline.ts');
/** The swipe deck's, on the pages that load it (`data-lazy-script`). */
const DECK_CLASSES = readdirSync(join(REPO_ROOT, 'src/features/landers/client')).flatMap((file) =>
  scriptClasses(`src/features/landers/client/${file}`),
);

async function page(host: string, path: string): Promise<string> {
  const res = await app.request(path, { host });
  expect(res.status, `${host}${path}`).toBe(200);
  return res.body;
}

describe.each(SITES.map((s) => [s.domains[0]!, s.theme] as const))('the landers of %s (%s)', (host) => {
  // Some forty requests a site: more than the default 30 s on a busy machine.
  it(
    'carry a cut sheet within the budget that styles every class they render',
    { timeout: 90_000 },
    async () => {
      const whole = themeSheet(await page(host, '/pages/terms'));
      expect(whole.length, 'the footer page keeps the whole lean entry').toBeGreaterThan(60 * 1024);
      const gallery = await page(host, '/landers/gallery?t=30');
      const member = /\/members\/([a-z0-9]+)"/.exec(gallery)![1]!;
      const paths = [
        '/',
        ...LANDERS.map((l) => `/landers/${l}`),
        '/landers/gallery?t=30',
        `/members/${member}/landing`,
        `/members/${member}/landing2`,
        `/members/${member}/landing3`,
        `/members/${member}/signup`,
      ];
      expect(PAGE_SCRIPT_CLASSES).toContain('is-loading');
      expect(DECK_CLASSES).toEqual(
        expect.arrayContaining(['is-liked', 'is-passed', 'is-dragging', 'is-done']),
      );
      for (const path of paths) {
        const html = await page(host, path);
        const cut = themeSheet(html);
        expect(cut.length, `${path}: inline CSS, raw`).toBeLessThanOrEqual(INLINE_CSS_BUDGET);
        expect(cut.length, `${path}: cut`).toBeLessThan(whole.length / 2);
        // Custom properties go with the rules that read them; the `:root` ones the source names
        // stay, and every property the cut reads that the whole entry declares is declared by the cut.
        const wholeDeclares = declared(whole);
        const cutDeclares = declared(cut);
        const cutRoot = rootDeclared(cut);
        const namedProperties = namedFor(sheetOf(path, html));
        const named = [...rootDeclared(whole)].filter((name) => namedProperties.some((re) => re.test(name)));
        expect(named).toEqual(expect.arrayContaining(['--brand-primary', '--brand-on-primary']));
        expect(
          named.filter((name) => !cutRoot.has(name)),
          `${path}: named properties lost`,
        ).toEqual([]);
        const unset = [...read(cut)].filter((name) => wholeDeclares.has(name) && !cutDeclares.has(name));
        expect(unset, `${path}: properties read but no longer declared`).toEqual([]);
        const likeModal = LIKE_MODAL.exec(html)?.[0] ?? '';
        const rendered = classesIn(html.replace(likeModal, ''));
        const fromScripts = [
          ...PAGE_SCRIPT_CLASSES,
          ...(html.includes('data-lazy-script') ? DECK_CLASSES : []),
        ];
        const lost = [...rendered, ...fromScripts].filter(
          (name) => styles(whole, name) && !styles(cut, name) && !FOR_BOOTSTRAP_SCRIPTS.includes(name),
        );
        expect(lost, `${path}: classes the whole entry styles and the cut lost`).toEqual([]);
        // The signup modal links the same cut with its rules added.
        const modal = /data-css="([^"]+)"/.exec(html)![1]!;
        expect(html).toMatch(/\sdata-css-after-theme/);
        const modalSheet = (await app.request(modal, { host })).body;
        for (const name of rendered) {
          if (styles(cut, name))
            expect(styles(modalSheet, name), `${path}: ${name} in the modal's sheet`).toBe(true);
        }
        if (path.includes('?t=')) {
          expect(likeModal, `${path}: the like modal`).not.toBe('');
          expect(likeModal).toContain(`data-css="${modal}"`);
          const likeLost = [...classesIn(likeModal)].filter(
            (name) => styles(whole, name) && !styles(modalSheet, name),
          );
          expect(likeLost, `${path}: classes of the like modal its sheet lost`).toEqual([]);
          expect(styles(cut, 'like-modal-photo'), `${path}: the like modal's rules inline`).toBe(false);
        }
        for (const name of [
          'modal-dialog',
          'form-control',
          'btn-check',
          'btn-outline-primary',
          'invalid-feedback',
        ]) {
          expect(styles(modalSheet, name), `${path}: ${name} in the modal's sheet`).toBe(true);
        }
      }
    },
  );
});

describe('a logged-in member on a lander', () => {
  it('gets the whole lean entry (the member navigation is not part of a lander)', async () => {
    const member = await app.make.loggedIn();
    const whole = themeSheet(await page('localhost', '/pages/terms'));
    const res = await app.request('/', { headers: { cookie: member.cookie } });
    expect(themeSheet(res.body)).toBe(whole);
  });
});
