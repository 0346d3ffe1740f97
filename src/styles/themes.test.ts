import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as sass from 'sass-embedded';
import { beforeAll, describe, expect, it } from 'vitest';
import { themeSchema, type Theme } from '../tenancy/theme.schema';
import {
  brandFooter,
  brandProperties,
  brandStylesheet,
  contrast,
  mix,
  onColor,
  parseHex,
  themeSurfaces,
  toHex,
} from './brand';

const ROOT = resolve(import.meta.dirname, '../..');
const THEMES_DIR = join(ROOT, 'themes');
const LANDER_BUDGET = 20 * 1024;

// Bootstrap 5.3 still uses @import and global functions; quietDeps hides its warnings, and our own
// entries need @import to share Bootstrap's global scope.
const SASS_OPTIONS = {
  loadPaths: [join(ROOT, 'node_modules')],
  style: 'compressed',
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
} satisfies sass.Options<'sync'>;

const themeIds = readdirSync(THEMES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

interface Compiled {
  manifest: Theme;
  lander: string;
  member: string;
}
const compiled = new Map<string, Compiled>();

beforeAll(() => {
  for (const id of themeIds) {
    const dir = join(THEMES_DIR, id);
    compiled.set(id, {
      manifest: themeSchema.parse(JSON.parse(readFileSync(join(dir, 'theme.json'), 'utf8'))),
      lander: sass.compile(join(dir, 'lander.scss'), SASS_OPTIONS).css,
      member: sass.compile(join(dir, 'member.scss'), SASS_OPTIONS).css,
    });
  }
}, 120_000);

function theme(id: string): Compiled {
  const c = compiled.get(id);
  if (!c) throw new Error(`theme ${id} did not compile`);
  return c;
}

/** The value a custom property gets: the last by default (later rules win), `first` for Bootstrap's own. */
function rootVar(css: string, name: string, which: 'first' | 'last' = 'last'): string {
  const values = [...css.matchAll(new RegExp(`${name}:\\s*([^;}]+)`, 'g'))].map((m) => m[1]!.trim());
  const value = which === 'first' ? values[0] : values.at(-1);
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

/** Asserts a pattern without printing a whole stylesheet when it fails. */
function expectMatch(css: string, pattern: RegExp, present = true): void {
  expect(pattern.test(css), `${present ? 'missing' : 'unexpected'}: ${pattern}`).toBe(present);
}

/** A CSS colour as hex, translucent colours laid over `over`. */
function solid(value: string, over = '#ffffff'): string {
  if (value.startsWith('#')) {
    const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
    return short
      ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase()
      : value;
  }
  const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
  if (!m) throw new Error(`cannot read colour ${value}`);
  const rgb = toHex([Number(m[1]), Number(m[2]), Number(m[3])]);
  return m[4] === undefined ? rgb : mix(over, rgb, Number(m[4]));
}

describe('theme folders', () => {
  it.each(themeIds)('%s holds exactly a manifest, _variables.scss and the two entries', (id) => {
    const dir = join(THEMES_DIR, id);
    // `dist/` is the git-ignored build output.
    const entries = readdirSync(dir).filter(
      (name) => !(name === 'dist' && statSync(join(dir, name)).isDirectory()),
    );
    const required = ['_variables.scss', 'lander.scss', 'member.scss', 'theme.json'];
    expect(entries).toEqual(expect.arrayContaining(required));
    const others = entries.filter((name) => !required.includes(name));
    for (const name of others) expect(name).toMatch(/^_[a-z0-9-]+\.scss$/);
  });
});

describe.each(themeIds)('theme %s', (id) => {
  it('compiles both entries', () => {
    expect(theme(id).lander.length).toBeGreaterThan(10_000);
    expect(theme(id).member.length).toBeGreaterThan(theme(id).lander.length);
  });

  it(`keeps the lander entry within ${LANDER_BUDGET / 1024} KB gzip`, () => {
    const { lander, member } = theme(id);
    const landerGzip = gzipSync(lander).length;
    console.info(
      `${id}: lander ${(landerGzip / 1024).toFixed(1)} KB gzip (${(lander.length / 1024).toFixed(0)} KB), ` +
        `member ${(gzipSync(member).length / 1024).toFixed(1)} KB gzip (${(member.length / 1024).toFixed(0)} KB)`,
    );
    expect(landerGzip).toBeLessThanOrEqual(LANDER_BUDGET);
  });

  it('compiles the colours of its manifest', () => {
    const { manifest, lander, member } = theme(id);
    expect(manifest.id).toBe(id);
    for (const css of [lander, member]) {
      expect(rootVar(css, '--brand-primary')).toBe(manifest.colors.primary);
      expect(rootVar(css, '--brand-secondary')).toBe(manifest.colors.secondary);
      expect(rootVar(css, '--brand-primary-rgb')).toBe(parseHex(manifest.colors.primary).join(', '));
      expect(rootVar(css, 'color-scheme')).toBe(manifest.color_scheme);
    }
  });

  it('reads brand colours from custom properties', () => {
    for (const css of [theme(id).lander, theme(id).member]) {
      expect(rootVar(css, '--bs-primary')).toBe('var(--brand-primary)');
      expect(rootVar(css, '--bs-primary-rgb')).toBe('var(--brand-primary-rgb)');
      expect(rootVar(css, '--bs-secondary')).toBe('var(--brand-secondary)');
      expect(rootVar(css, '--bs-link-color')).toBe('var(--brand-primary-text)');
      expectMatch(css, /\.btn-primary\{[^}]*--bs-btn-bg:\s*var\(--brand-primary\)/);
      expectMatch(css, /\.btn-outline-primary\{[^}]*--bs-btn-color:\s*var\(--brand-primary-text\)/);
      expectMatch(css, /\.text-bg-primary\{color:var\(--brand-on-primary\)\s*!important/);
    }
  });

  it('has no external URLs and no web fonts', () => {
    for (const css of [theme(id).lander, theme(id).member]) {
      expectMatch(css, /@font-face|@import/, false);
      const urls = [...css.matchAll(/url\(\s*["']?([^"')]+)/g)].map((m) => m[1]!);
      for (const url of urls) expect(url).toMatch(/^data:image\/svg\+xml,/);
    }
  });

  it('passes WCAG AA contrast for text on its surfaces', () => {
    const { lander, manifest } = theme(id);
    const bodyBg = solid(rootVar(lander, '--bs-body-bg'));
    const surfaces = [
      '--bs-body-bg',
      '--bs-tertiary-bg',
      '--bs-secondary-bg',
      '--site-navbar-bg',
      '--site-footer-bg',
    ].map((name) => solid(rootVar(lander, name)));
    const body = solid(rootVar(lander, '--bs-body-color'));
    for (const surface of surfaces) {
      expect(contrast(body, surface), `body text on ${surface}`).toBeGreaterThanOrEqual(4.5);
      const muted = solid(rootVar(lander, '--bs-secondary-color'), surface);
      expect(contrast(muted, surface), `muted text on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const name of ['primary', 'secondary'] as const) {
      const color = manifest.colors[name];
      const on = solid(rootVar(lander, `--brand-on-${name}`));
      expect(contrast(on, color), `text on ${name}`).toBeGreaterThanOrEqual(4.5);
      // The readable shade, as the compiled color-mix() gives it (Bootstrap's static copy is checked
      // against the helper below).
      const [, toward, percent] = /color-mix\(in srgb, var\(--brand-\w+\), (#[0-9a-f]+) (\d+)%\)/.exec(
        rootVar(lander, `--brand-${name}-text`),
      )!;
      const text = mix(color, solid(toward!), Number(percent) / 100);
      for (const surface of surfaces) {
        expect(contrast(text, surface), `${name} as text on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    for (const state of ['--bs-form-valid-color', '--bs-form-invalid-color']) {
      expect(contrast(solid(rootVar(lander, state)), bodyBg), state).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white hero text readable on the default gradient and its glow', () => {
    const { lander, manifest } = theme(id);
    const hero = /\.hero\{[^}]*\}/.exec(lander)![0];
    const from = /var\(--hero-from, (#[0-9a-f]+|rgb\([^)]*\))\)/.exec(hero)![1]!;
    const [, name, toward, percent] =
      /var\(--hero-to, color-mix\(in srgb, var\(--brand-(primary|secondary)\), (#[0-9a-f]+) (\d+)%\)\)/.exec(
        hero,
      )!;
    const to = mix(manifest.colors[name as 'primary' | 'secondary'], solid(toward!), Number(percent) / 100);
    const glow = Number(/rgba\(var\(--brand-primary-rgb\), ([\d.]+)\)/.exec(hero)![1]);
    for (const stop of [solid(from), to, mix(to, manifest.colors.primary, glow)]) {
      expect(contrast('#ffffff', stop), `white on ${stop}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has a run-time helper that agrees with the compiled theme', () => {
    const { lander, manifest } = theme(id);
    const surfaces = themeSurfaces[id];
    expect(surfaces, `themeSurfaces in brand.ts lacks ${id}`).toBeDefined();
    expect(surfaces!.surfaces).toEqual(
      ['--bs-body-bg', '--bs-tertiary-bg', '--bs-secondary-bg', '--site-navbar-bg', '--site-footer-bg'].map(
        (name) => solid(rootVar(lander, name)),
      ),
    );
    expect(onColor(manifest.colors.primary, surfaces!.ink)).toBe(
      solid(rootVar(lander, '--brand-on-primary')),
    );
    expect(brandStylesheet(manifest, manifest.colors)).toBe('');

    // The theme's own colours, pushed through the helper as if a site had chosen them.
    const asSite = brandProperties(
      { ...manifest, colors: { primary: '#000000', secondary: '#000000' } },
      manifest.colors,
    );
    for (const name of ['primary', 'secondary'] as const) {
      expect(asSite[`--brand-on-${name}`]).toBe(solid(rootVar(lander, `--brand-on-${name}`)));
      expect(asSite[`--brand-${name}-text`]).toBe(
        solid(rootVar(lander, `--bs-${name}-text-emphasis`, 'first')),
      );
    }
  });
});

describe('theme amber carries the spec tokens (§9 Visual)', () => {
  it('colours: primary amber, secondary burnt orange, success green, form states', () => {
    const { lander, member } = theme('amber');
    for (const css of [lander, member]) {
      expect(css.includes('--brand-primary: #ffb300'), '--brand-primary: #ffb300').toBe(true);
      expect(css.includes('--bs-success: #198754'), '--bs-success: #198754').toBe(true);
      expect(rootVar(css, '--bs-form-valid-color')).toBe('#198754');
      expect(rootVar(css, '--bs-form-invalid-color')).toBe('#dc3545');
      expect(rootVar(css, '--brand-unread')).toBe('var(--brand-primary)');
    }
  });

  it('breakpoints and containers', () => {
    const { member } = theme('amber');
    for (const [name, px] of [
      ['sm', 576],
      ['md', 768],
      ['lg', 992],
      ['xl', 1200],
      ['xxl', 1400],
    ] as const) {
      expect(rootVar(member, `--bs-breakpoint-${name}`)).toBe(`${px}px`);
    }
    for (const [min, max] of [
      [576, 540],
      [768, 720],
      [992, 960],
      [1200, 1140],
    ]) {
      expectMatch(
        member,
        new RegExp(`@media\\(min-width: ${min}px\\)\\{\\.container[^{]*\\{max-width:${max}px\\}`),
      );
    }
    // Containers stop at 1140px: no wider step at xxl.
    expectMatch(member, /\.container[^{]*\{max-width:1320px\}/, false);
    expectMatch(member, /\.col-12\{[^}]*width:100%/);
    expectMatch(member, /\.col-13\{/, false);
  });

  it('modal and toast widths', () => {
    const { lander, member } = theme('amber');
    for (const css of [lander, member]) {
      expectMatch(css, /\.modal\{[^}]*--bs-modal-width:\s*500px/);
      expectMatch(css, /\.modal-sm\{--bs-modal-width:\s*300px\}/);
      expectMatch(css, /--bs-modal-width:\s*800px/);
      expectMatch(css, /--bs-modal-width:\s*1140px/);
    }
    expectMatch(member, /\.toast\{[^}]*--bs-toast-max-width:\s*350px/);
  });
});

describe('brandStylesheet', () => {
  const amber = {
    id: 'amber',
    colors: { primary: '#ffb300', secondary: '#c2501a' },
    color_scheme: 'light' as const,
  };

  it('re-colours a site with readable text colours', () => {
    const props = brandProperties(amber, { primary: '#8e24aa' });
    expect(props['--brand-primary']).toBe('#8e24aa');
    expect(props['--brand-primary-rgb']).toBe('142, 36, 170');
    expect(props['--brand-on-primary']).toBe('#ffffff');
    expect(contrast(props['--brand-on-primary']!, props['--brand-primary-hover']!)).toBeGreaterThan(4.5);
    for (const surface of themeSurfaces.amber!.surfaces) {
      expect(contrast(props['--brand-primary-text']!, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(props['--brand-secondary']).toBeUndefined();
  });

  it("tints a light theme's footer with the site's primary, not the theme's", () => {
    const props = brandProperties(amber, { primary: '#8e24aa' });
    const footer = props['--site-footer-bg']!;
    // A pale purple for a purple brand: no cream from amber left under it.
    expect(footer).toBe(brandFooter(themeSurfaces.amber!, '#8e24aa'));
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(footer.slice(i, i + 2), 16)) as [number, number, number];
    expect(b).toBeGreaterThan(g);
    expect(r).toBeGreaterThan(g);
    expect(contrast(footer, '#ffffff')).toBeLessThan(1.15);
    expect(contrast(props['--brand-primary-text']!, footer)).toBeGreaterThanOrEqual(4.5);
    // A dark theme keeps its own footer.
    expect(
      brandProperties(
        { id: 'midnight', colors: { primary: '#e8547a', secondary: '#f2b84b' } },
        { primary: '#8e24aa' },
      )['--site-footer-bg'],
    ).toBeUndefined();
  });

  it('repaints the form-check icons when the text on the primary changes', () => {
    const css = brandStylesheet(amber, { primary: '#8e24aa' });
    expectMatch(css, /^:root\{--brand-primary:#8e24aa;/);
    expect(css).toContain(
      '.form-check-input:checked[type=checkbox]{--bs-form-check-bg-image:url("data:image/svg+xml,',
    );
    expect(css).toContain("stroke='%23ffffff'");
    expect(brandStylesheet(amber, { primary: '#ffa000' })).not.toContain('form-check');
  });

  it('matches the compiled icons for the theme colours', () => {
    const css = brandStylesheet(
      { ...amber, colors: { primary: '#8e24aa', secondary: amber.colors.secondary } },
      amber.colors,
    );
    const compiledRule =
      /\.form-check-input:checked\[type=checkbox\]\{--bs-form-check-bg-image:\s*(url\([^)]*\))/.exec(
        theme('amber').lander,
      )![1]!;
    expect(css).toContain(compiledRule);
  });
});
