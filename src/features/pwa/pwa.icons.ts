import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '../../tenancy/site.ts';
import { appColours, ICON_KINDS, iconVersion, type IconKind } from './pwa.manifest.ts';

/*
 * A site's app icons, drawn by sharp from its logo: `tenants/<id>/logo.svg` or `logo.png` when
 * the operator put one there, else the platform's heart mark, on the brand's colour. Nothing is
 * drawn at start (10,000 sites must boot in seconds): an icon is made on its first request and
 * kept in `DATA_DIR/app-icons/<site>/`, so later requests and restarts only read the file.
 */

/** The platform's mark (public/favicon.svg's heart), in a 32 × 32 box. */
const HEART =
  'M16 29s-12-7.6-12-16.2C4 8.2 7.4 5 11.3 5c2.1 0 3.7 1 4.7 2.6C17 6 18.6 5 20.7 5 24.6 5 28 8.2 28 12.8 28 21.4 16 29 16 29z';

/** The logo files an operator may add beside a tenant file, in the order they are looked for. */
const LOGO_FILES = ['logo.svg', 'logo.png'] as const;

/**
 * How much of the icon the logo takes: most of an `any` icon; for a maskable one, what stays in
 * the safe zone (a centred circle of 80 % of the width) whatever shape the launcher cuts: a
 * square inside that circle is at most 80 % / √2 ≈ 56 %.
 */
const LOGO_SHARE = { any: 0.7, maskable: 0.54 } as const;

export interface IconSource {
  version: string;
  /** The operator's logo, or null for the platform's mark. */
  logo: Buffer | null;
}

/** What each site's icons are drawn from, read once per site object (a tenant reload makes a new one). */
const sources = new WeakMap<Site, Promise<IconSource>>();

async function readLogo(tenantsDir: string, site: Site): Promise<Buffer | null> {
  for (const name of LOGO_FILES) {
    try {
      return await readFile(join(tenantsDir, site.id, name));
    } catch {
      // not there: try the next, then the platform's mark
    }
  }
  return null;
}

/** The site's logo and the version its icons are named by. */
export function iconSource(tenantsDir: string, site: Site): Promise<IconSource> {
  let source = sources.get(site);
  if (!source) {
    source = readLogo(tenantsDir, site).then((logo) => ({ logo, version: iconVersion(site, logo) }));
    sources.set(site, source);
  }
  return source;
}

/** Draws one icon as PNG bytes. */
export async function drawIcon(site: Site, logo: Buffer | null, kind: IconKind): Promise<Buffer> {
  // Loaded with the first icon drawn, not with the server: icons are drawn once and kept.
  const { default: sharp } = await import('sharp');
  const { size, maskable } = ICON_KINDS[kind];
  const colours = appColours(site);
  const box = Math.round(size * (maskable ? LOGO_SHARE.maskable : LOGO_SHARE.any));
  const offset = Math.round((size - box) / 2);
  // A maskable icon fills its square (the launcher cuts the shape); an `any` icon is a rounded tile.
  const radius = maskable ? 0 : Math.round(size * 0.2);
  const mark = logo
    ? ''
    : `<g transform="translate(${offset} ${offset}) scale(${box / 32})"><path fill="${colours.iconMark}" d="${HEART}"/></g>`;
  const ground = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="${colours.iconGround}"/>${mark}</svg>`;
  let image = sharp(Buffer.from(ground));
  if (logo) {
    const fitted = await sharp(logo, { limitInputPixels: 40_000_000 })
      .resize(box, box, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    image = image.composite([{ input: fitted, left: offset, top: offset }]);
  }
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** Icons being drawn now, by file: two requests for a new icon draw it once. */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * The icon's bytes: read from `DATA_DIR/app-icons/`, or drawn and written there the first time.
 * The file is written whole under a temporary name and renamed, so no reader ever sees half.
 */
export async function siteIcon(
  dirs: { dataDir: string; tenantsDir: string },
  site: Site,
  kind: IconKind,
): Promise<{ version: string; png: Buffer }> {
  const { version, logo } = await iconSource(dirs.tenantsDir, site);
  const folder = join(dirs.dataDir, 'app-icons', site.id);
  const file = join(folder, `${version}-${kind}.png`);
  try {
    return { version, png: await readFile(file) };
  } catch {
    // not made yet
  }
  let pending = drawing.get(file);
  if (!pending) {
    pending = (async () => {
      const png = await drawIcon(site, logo, kind);
      await mkdir(folder, { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, png);
      await rename(temporary, file);
      return png;
    })().finally(() => drawing.delete(file));
    drawing.set(file, pending);
  }
  return { version, png: await pending };
}
