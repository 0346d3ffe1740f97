/**
 * A site's brand colours as the custom properties the compiled themes read (see the contract at
 * the top of `_brand.scss`). The server puts the result in a `<style>` after the theme's
 * stylesheet; nothing is rebuilt.
 *
 * The arithmetic mirrors `_config.scss`, so a site whose colours equal the theme's gets exactly
 * what the theme compiled (a test holds the two together).
 */

/** What the computation needs to know about a theme beyond its manifest. */
export interface ThemeSurfaces {
  /** Backgrounds brand-coloured text may sit on: page, cards, bars, footer. The first is the page. */
  surfaces: readonly string[];
  /** The dark text colour used on light brand colours. */
  ink: string;
}

/**
 * The surfaces of each theme, as its `_variables.scss` sets them (`$body-bg`, `$body-tertiary-bg`,
 * `$body-secondary-bg`, `$site-navbar-bg`, `$site-footer-bg`; `$color-contrast-dark`).
 */
export const themeSurfaces: Readonly<Record<string, ThemeSurfaces>> = {
  amber: { surfaces: ['#ffffff', '#fff8ee', '#f6ebdc', '#ffffff', '#fff8ee'], ink: '#1f160c' },
  midnight: { surfaces: ['#1d0f22', '#2a1631', '#36203e', '#2a1631', '#14091a'], ink: '#1d0f22' },
};

const fallbackSurfaces: Record<'light' | 'dark', ThemeSurfaces> = {
  light: { surfaces: ['#ffffff', '#f8f9fa', '#e9ecef'], ink: '#000000' },
  dark: { surfaces: ['#212529', '#2b3035', '#343a40'], ink: '#000000' },
};

type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a colour like #ffb300: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `weight` of `toward` mixed into `color`, as Sass `mix(toward, color, weight)` and CSS `color-mix(in srgb, …)`. */
export function mix(color: string, toward: string, weight: number): string {
  const a = parseHex(color);
  const b = parseHex(toward);
  return toHex([0, 1, 2].map((i) => a[i]! * (1 - weight) + b[i]! * weight) as unknown as Rgb);
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Bootstrap's `color-contrast()`: white if it reaches 4.5:1, else the theme's ink, else the better of black and white. */
export function onColor(background: string, ink: string): string {
  const candidates = ['#ffffff', ink, '#ffffff', '#000000'];
  const passing = candidates.find((c) => contrast(background, c) >= 4.5);
  if (passing) return passing;
  return candidates.reduce((best, c) => (contrast(background, c) > contrast(background, best) ? c : best));
}

/** The smallest step of 2% towards `toward` that makes `color` readable (4.6:1) on every surface. */
export function readableMix(color: string, toward: string, surfaces: readonly string[]): number {
  for (let step = 0; step <= 50; step++) {
    const weight = step / 50;
    const candidate = mix(color, toward, weight);
    if (surfaces.every((s) => contrast(s, candidate) >= 4.6)) return weight;
  }
  return 1;
}

/** The custom properties for one brand colour, named `--brand-<name>…`. */
function colorProperties(
  name: 'primary' | 'secondary',
  color: string,
  theme: ThemeSurfaces,
): Record<string, string> {
  const page = theme.surfaces[0]!;
  const textToward = luminance(page) < 0.2 ? '#ffffff' : '#000000';
  const on = onColor(color, theme.ink);
  const stateToward = luminance(on) < 0.5 ? '#ffffff' : '#000000';
  const text = mix(
    color,
    textToward,
    readableMix(color, textToward, [...theme.surfaces, mix(page, color, 0.2)]),
  );
  return {
    [`--brand-${name}`]: color.toLowerCase(),
    [`--brand-${name}-rgb`]: parseHex(color).join(', '),
    [`--brand-on-${name}`]: on,
    [`--brand-${name}-hover`]: mix(color, stateToward, 0.15),
    [`--brand-${name}-active`]: mix(color, stateToward, 0.2),
    [`--brand-${name}-text`]: text,
  };
}

export interface BrandInput {
  /** The theme's id (`themes/<id>`). */
  id: string;
  /** The theme's compiled colours (`colors` of theme.json). */
  colors: { primary: string; secondary: string };
  color_scheme?: 'light' | 'dark';
}

/** The brand custom properties for a site, or an empty object when it uses the theme's colours. */
export function brandProperties(
  theme: BrandInput,
  brand: { primary?: string | undefined; secondary?: string | undefined } | undefined,
): Record<string, string> {
  let surfaces = themeSurfaces[theme.id] ?? fallbackSurfaces[theme.color_scheme ?? 'light'];
  const properties: Record<string, string> = {};
  const primary = brand?.primary;
  const footer =
    primary && primary.toLowerCase() !== theme.colors.primary.toLowerCase()
      ? brandFooter(surfaces, primary)
      : undefined;
  // Brand text must read on the new footer too.
  if (footer)
    surfaces = { ...surfaces, surfaces: surfaces.surfaces.map((s, i) => (i === FOOTER ? footer : s)) };
  for (const name of ['primary', 'secondary'] as const) {
    const color = brand?.[name];
    if (color && color.toLowerCase() !== theme.colors[name].toLowerCase()) {
      Object.assign(properties, colorProperties(name, color, surfaces));
    }
  }
  if (footer) properties['--site-footer-bg'] = footer;
  return properties;
}

/** Where the footer is in `ThemeSurfaces.surfaces`. */
const FOOTER = 4;
/** How much of the brand's primary a light theme's footer carries (amber's cream is about this). */
const FOOTER_TINT = 0.06;

/**
 * A light theme's footer is a pale tint of its primary (amber's cream); under a site's own primary
 * it takes the same tint of that colour, not the theme's (a purple brand over a cream footer).
 * Dark themes keep their neutral footer. Undefined when the theme's footer stays.
 */
export function brandFooter(theme: ThemeSurfaces, primary: string): string | undefined {
  const page = theme.surfaces[0]!;
  if (luminance(page) < 0.2 || theme.surfaces[FOOTER] === undefined) return undefined;
  return mix(page, primary, FOOTER_TINT);
}

// Bootstrap paints the check, the radio dot and the switch knob as SVG in the text colour on the
// primary; an SVG cannot read a custom property, so a site whose text colour differs gets them anew.
const icons = {
  '.form-check-input:checked[type=checkbox]': (c: string) =>
    `--bs-form-check-bg-image:url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3e%3cpath fill='none' stroke='${c}' stroke-linecap='round' stroke-linejoin='round' stroke-width='3' d='m6 10 3 3 6-6'/%3e%3c/svg%3e")`,
  '.form-check-input:checked[type=radio]': (c: string) =>
    `--bs-form-check-bg-image:url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='-4 -4 8 8'%3e%3ccircle r='2' fill='${c}'/%3e%3c/svg%3e")`,
  '.form-check-input[type=checkbox]:indeterminate': (c: string) =>
    `--bs-form-check-bg-image:url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3e%3cpath fill='none' stroke='${c}' stroke-linecap='round' stroke-linejoin='round' stroke-width='3' d='M6 10h8'/%3e%3c/svg%3e")`,
  '.form-switch .form-check-input:checked': (c: string) =>
    `--bs-form-switch-bg:url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='-4 -4 8 8'%3e%3ccircle r='3' fill='${c}'/%3e%3c/svg%3e")`,
};

/**
 * A stylesheet that re-colours a site, to load after the theme's: `:root { --brand-…: … }` plus,
 * when the text on the primary changes, the form-check icons. Empty when nothing differs.
 */
export function brandStylesheet(
  theme: BrandInput,
  brand: { primary?: string | undefined; secondary?: string | undefined } | undefined,
): string {
  const properties = brandProperties(theme, brand);
  const entries = Object.entries(properties);
  if (entries.length === 0) return '';
  let css = `:root{${entries.map(([k, v]) => `${k}:${v}`).join(';')}}`;
  const on = properties['--brand-on-primary'];
  const surfaces = themeSurfaces[theme.id] ?? fallbackSurfaces[theme.color_scheme ?? 'light'];
  if (on && on !== onColor(theme.colors.primary, surfaces.ink)) {
    const escaped = on.replace('#', '%23');
    css += Object.entries(icons)
      .map(([selector, rule]) => `${selector}{${rule(escaped)}}`)
      .join('');
  }
  return css;
}
