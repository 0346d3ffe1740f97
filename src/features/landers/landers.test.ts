import { describe, expect, it } from 'vitest';
import type { Site } from '../../tenancy/site.ts';
import { campaignLocation } from './campaigns.ts';
import { landerPath, landerSlug } from './landers.catalog.ts';
import { framedCountries } from './media/map.ts';
import type { ServiceContext } from '../../server/context.ts';
import { ffmpegArgs, refreshLanderVideo } from './media/video.ts';
import { LOCALES_BY_COUNTRY, visibleLocales } from './visible-locales.ts';

function site(over: Partial<Site>): Site {
  return {
    locales: ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'],
    campaigns: {},
    nicheConfig: { default_lander: 'gallery', landing_slug: 'dating' },
    ...over,
  } as unknown as Site;
}

describe('visible locales per country (spec §9)', () => {
  it('covers the nineteen countries of the spec', () => {
    const specCountries = 'AT AU BE CA CH DE DK ES FI FR GB IE IT NL NO NZ PL SE US'.split(' ');
    expect(Object.keys(LOCALES_BY_COUNTRY).sort()).toEqual(specCountries);
  });

  it.each([
    ['BE', ['nl', 'fr', 'en']],
    ['CH', ['de', 'fr', 'it', 'en']],
    ['FI', ['fi', 'sv', 'en']],
    ['US', ['en']],
    ['NO', ['nb', 'en']],
  ])('%s shows %j on a site with every language', (country, expected) => {
    expect(visibleLocales(site({}), country)).toEqual(expected);
  });

  it("keeps to the site's own languages", () => {
    expect(visibleLocales(site({ locales: ['de', 'en', 'nl'] }), 'CH')).toEqual(['de', 'en']);
  });

  it("shows all of the site's languages when none of the country's is one of them, or the country is not listed", () => {
    expect(visibleLocales(site({ locales: ['de', 'nl'] }), 'PL')).toEqual(['de', 'nl']);
    expect(visibleLocales(site({ locales: ['de', 'nl'] }), 'JP')).toEqual(['de', 'nl']);
  });
});

describe('campaign tokens', () => {
  const campaigns = {
    summer: { lander: 'video', slug: 'sun', params: { network: 'ads', ref: 'a b' } },
    bare: { params: {} },
    odd: { lander: 'no-such-lander', params: {} },
  };

  it('lead to the lander and slug of the campaign with its parameters', () => {
    expect(campaignLocation(site({ campaigns }), 'summer')).toBe('/landers/video/sun?network=ads&ref=a+b');
  });

  it("fall back to the niche's lander and slug", () => {
    expect(campaignLocation(site({ campaigns }), 'bare')).toBe('/landers/gallery/dating');
    expect(campaignLocation(site({ campaigns }), 'odd')).toBe('/landers/gallery/dating');
  });

  it('are unknown unless the tenant file defines them, whatever the object inherits', () => {
    expect(campaignLocation(site({ campaigns }), 'winter')).toBeUndefined();
    expect(campaignLocation(site({ campaigns }), 'constructor')).toBeUndefined();
    expect(campaignLocation(site({ campaigns }), '__proto__')).toBeUndefined();
  });
});

describe('lander URLs', () => {
  it('take any slug as a label', () => {
    expect(landerSlug(undefined)).toBeNull();
    expect(landerSlug('summer/extra')).toBe('summer');
    expect(landerSlug('x'.repeat(100))).toHaveLength(63);
    expect(landerPath('gallery', 'a b')).toBe('/landers/gallery/a%20b');
    expect(landerPath('gallery', null)).toBe('/landers/gallery');
  });
});

describe('lander media', () => {
  it('frames Europe when most members live there, and the world otherwise', () => {
    expect(
      framedCountries([
        { country: 'DE', count: 60 },
        { country: 'NL', count: 30 },
        { country: 'US', count: 10 },
      ]),
    ).toEqual(['DE', 'NL']);
    expect(
      framedCountries([
        { country: 'DE', count: 10 },
        { country: 'US', count: 60 },
      ]),
    ).toEqual(['DE', 'US']);
    expect(framedCountries([{ country: 'JP', count: 10 }])).toEqual([]);
  });

  it('cross-fades every photo into the next in one VP9 clip', () => {
    const args = ffmpegArgs(['a.webp', 'b.webp', 'c.webp', 'd.webp'], 'out.webm');
    expect(args.filter((a) => a === '-i')).toHaveLength(4);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph.match(/xfade=/g)).toHaveLength(3);
    expect(args).toContain('libvpx-vp9');
    expect(args.at(-1)).toBe('out.webm');
  });
});

describe('the video lander clip', () => {
  it('is not made where FFMPEG_PATH is empty: nothing of the site is read, no encoder runs', async () => {
    const untouchable = new Proxy({} as ServiceContext, {
      get(_, name) {
        throw new Error(`read ctx.${String(name)}`);
      },
    });
    await expect(
      refreshLanderVideo(untouchable, { dataDir: '/nowhere', ffmpeg: '' }),
    ).resolves.toBeUndefined();
    // The same call with an encoder goes to the site at once (the stand-in context says so).
    expect(() => refreshLanderVideo(untouchable, { dataDir: '/nowhere', ffmpeg: 'ffmpeg' })).toThrow(
      'read ctx.site',
    );
  });
});
