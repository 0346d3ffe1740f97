import { createHash } from 'node:crypto';
import type { Locale } from '../../i18n/locales.ts';
import { localePath } from '../../server/request.ts';
import { onColor, themeSurfaces } from '../../styles/brand.ts';
import type { Site } from '../../tenancy/site.ts';

/*
 * The installed app of a site (API.md "Away from the site"): its web app manifest, made from the
 * tenant alone, so one brand's manifest can never name another's name, colours or icons.
 */

/** The icons every site has: `any` ones for launchers and the install dialog, a maskable one, Apple's. */
export const ICON_KINDS = {
  '192': { size: 192, maskable: false },
  '512': { size: 512, maskable: false },
  'maskable-512': { size: 512, maskable: true },
  // iOS ignores the manifest's icons; it rounds the corners itself, so the art fills the square.
  'apple-180': { size: 180, maskable: true },
} as const;
export type IconKind = keyof typeof ICON_KINDS;

export function isIconKind(value: string): value is IconKind {
  return Object.hasOwn(ICON_KINDS, value);
}

/**
 * Raised when the drawing of the icons changes, so every site's icons get new names (their
 * addresses are cached for a year).
 */
const ICON_DESIGN = 1;

/** The colours of a site's app: the browser UI, the splash screen, and its icon. */
export interface AppColours {
  /** The title bar: the same colour as the pages' `<meta name="theme-color">`. */
  theme: string;
  /** The splash screen before the first page paints: the theme's page background. */
  background: string;
  /** The icon's ground: the brand's primary colour. */
  iconGround: string;
  /** The mark drawn on that ground: white or the theme's ink, whichever reads. */
  iconMark: string;
}

export function appColours(site: Site): AppColours {
  const surfaces = themeSurfaces[site.theme.id];
  const background = surfaces?.surfaces[0] ?? (site.theme.color_scheme === 'dark' ? '#212529' : '#ffffff');
  const iconGround = site.brandColors.primary ?? site.theme.colors.primary;
  return {
    theme: site.brandColors.primary ?? site.theme.colors.theme_color,
    background,
    iconGround,
    iconMark: onColor(iconGround, surfaces?.ink ?? '#000000'),
  };
}

/**
 * The name the icons of a site go by: it changes whenever what they are drawn from changes (the
 * logo's bytes, the colours, the design), so their addresses can be cached as immutable.
 */
export function iconVersion(site: Site, logo: Uint8Array | null): string {
  const colours = appColours(site);
  const hash = createHash('sha256')
    .update(JSON.stringify([ICON_DESIGN, site.id, colours.iconGround, colours.iconMark]))
    .update(logo ?? new Uint8Array());
  return hash.digest('hex').slice(0, 16);
}

/** Where a site's icon is served. */
export function iconPath(version: string, kind: IconKind): string {
  return `/app-icons/${version}-${kind}.png`;
}

/** The short name under an icon: the site's name, cut to what launchers show (12 characters). */
export function shortName(name: string): string {
  const chars = [...name];
  if (chars.length <= 12) return name;
  const firstWord = name.split(/\s+/)[0] ?? name;
  return [...firstWord].length <= 12 ? firstWord : chars.slice(0, 12).join('');
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/**
 * The manifest of a site in one language: it opens the members page in that language. One app
 * per site, whatever the language it was installed in (`id`).
 */
export function webManifest(site: Site, locale: Locale, version: string): WebManifest {
  const colours = appColours(site);
  return {
    id: '/',
    name: site.name,
    short_name: shortName(site.name),
    lang: locale,
    start_url: localePath(locale, '/members'),
    scope: '/',
    display: 'standalone',
    theme_color: colours.theme,
    background_color: colours.background,
    icons: (['192', '512', 'maskable-512'] as const).map((kind) => ({
      src: iconPath(version, kind),
      sizes: `${ICON_KINDS[kind].size}x${ICON_KINDS[kind].size}`,
      type: 'image/png',
      purpose: ICON_KINDS[kind].maskable ? 'maskable' : 'any',
    })),
  };
}
