import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../../../tests/support/temp-dirs.ts';
import { demoSite } from '../../../tests/support/unit-context.ts';
import { drawIcon, iconSource, siteIcon } from './pwa.icons.ts';
import { appColours, iconVersion, shortName, webManifest } from './pwa.manifest.ts';

const tempDir = tempDirs('kindred-icons-', afterAll);

describe('the manifest of a site', () => {
  it("is made of the site's name, colours and language", () => {
    const site = demoSite({ name: 'Rainbow Lane', brand_colors: { primary: '#8e24aa' } });
    const manifest = webManifest(site, 'de', 'abc');
    expect(manifest).toMatchObject({
      name: 'Rainbow Lane',
      short_name: 'Rainbow Lane',
      start_url: '/de/members',
      scope: '/',
      display: 'standalone',
      theme_color: '#8e24aa',
      background_color: '#ffffff',
      lang: 'de',
    });
    expect(webManifest(site, 'en', 'abc').start_url).toBe('/members');
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });

  it("takes the theme's colours where the site names none", () => {
    const site = demoSite({ theme: 'midnight' });
    const colours = appColours(site);
    expect(colours.theme).toBe('#2a1631');
    expect(colours.background).toBe('#1d0f22');
    expect(colours.iconGround).toBe('#e8547a');
  });

  it('cuts long names for the launcher', () => {
    expect(shortName('Kurvenreich')).toBe('Kurvenreich');
    expect(shortName('Silver Sparks Dating')).toBe('Silver');
    expect(shortName('Supercalifragilistic')).toBe('Supercalifra');
  });

  it('names icons by what they are drawn from', () => {
    const site = demoSite();
    expect(iconVersion(site, null)).toBe(iconVersion(demoSite(), null));
    expect(iconVersion(site, null)).not.toBe(
      iconVersion(demoSite({ brand_colors: { primary: '#123456' } }), null),
    );
    expect(iconVersion(site, null)).not.toBe(iconVersion(site, new Uint8Array([1, 2, 3])));
  });
});

describe('app icons', () => {
  it('are PNGs of their stated size, the maskable one filled to the edges', async () => {
    const site = demoSite();
    for (const [kind, size] of [
      ['192', 192],
      ['512', 512],
      ['maskable-512', 512],
      ['apple-180', 180],
    ] as const) {
      const meta = await sharp(await drawIcon(site, null, kind)).metadata();
      expect([meta.format, meta.width, meta.height], kind).toEqual(['png', size, size]);
    }
    // The corner of an `any` icon is transparent (a rounded tile), of a maskable one the brand colour.
    const corner = async (kind: 'maskable-512' | '512') =>
      (
        await sharp(await drawIcon(site, null, kind))
          .ensureAlpha()
          .raw()
          .toBuffer()
      )[3];
    expect(await corner('512')).toBe(0);
    expect(await corner('maskable-512')).toBe(255);
  });

  it("draws an operator's logo inside the maskable safe zone", async () => {
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const site = demoSite({ brand_colors: { primary: '#ffffff' } });
    const { data, info } = await sharp(await drawIcon(site, logo, 'maskable-512'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => data[(y * info.width + x) * info.channels]! < 50;
    expect(dark(256, 256)).toBe(true);
    // The safe zone is the centred circle of 80 % (radius 204.8 px): the logo stays within it.
    for (const [x, y] of [
      [256 - 150, 256 - 150],
      [256 + 150, 256 + 150],
      [256, 256 - 150],
    ] as const)
      expect(dark(x, y), `${x},${y}`).toBe(false);
  });

  it('are made on first request, kept on disk and not made again', async () => {
    const dataDir = tempDir();
    const tenantsDir = tempDir();
    const site = demoSite();
    const first = await siteIcon({ dataDir, tenantsDir }, site, '192');
    const folder = join(dataDir, 'app-icons', site.id);
    const file = join(folder, `${first.version}-192.png`);
    const made = statSync(file).mtimeMs;
    const again = await siteIcon({ dataDir, tenantsDir }, site, '192');
    expect(again.png.equals(first.png)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(made);
    expect(readdirSync(folder)).toEqual([`${first.version}-192.png`]);
  });

  it('use the logo beside the tenant file when there is one', async () => {
    const tenantsDir = tempDir();
    const site = demoSite();
    mkdirSync(join(tenantsDir, site.id));
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    writeFileSync(join(tenantsDir, site.id, 'logo.png'), logo);
    const withLogo = await iconSource(tenantsDir, site);
    expect(withLogo.logo?.equals(logo)).toBe(true);
    expect(withLogo.version).toBe(iconVersion(site, logo));
  });
});
