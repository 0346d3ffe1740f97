import type { Site } from '../../tenancy/site.ts';

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG relative luminance, to pick readable text on a brand colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function onColor(hex: string): '#000' | '#fff' {
  const l = luminance(hexToRgb(hex));
  return contrast(l, 0) >= contrast(l, 1) ? '#000' : '#fff';
}

/**
 * A site's own brand colours as CSS custom properties over its theme's, so a brand differs
 * without a rebuild. Empty when the site keeps its theme's colours.
 */
export function brandCss(site: Site): string {
  const rules: string[] = [];
  const { primary, secondary } = site.brandColors;
  if (primary) {
    rules.push(`--brand-primary:${primary}`, `--brand-primary-rgb:${hexToRgb(primary).join(',')}`, `--brand-on-primary:${onColor(primary)}`);
  }
  if (secondary) {
    rules.push(`--brand-secondary:${secondary}`, `--brand-secondary-rgb:${hexToRgb(secondary).join(',')}`, `--brand-on-secondary:${onColor(secondary)}`);
  }
  return rules.length ? `:root{${rules.join(';')}}` : '';
}
