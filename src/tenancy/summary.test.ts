import { describe, expect, it } from 'vitest';
import { farmTenant } from '../../scripts/bench/tenant-farm.ts';
import { loadNiches, loadThemes } from './registry.ts';
import { resolveSite } from './site.ts';
import { summarizeSites, LIST_ALL_SITES_UP_TO } from './summary.ts';
import { tenantSchema } from './tenant.schema.ts';
import { NICHES_DIR, THEMES_DIR } from './cli/test-support.ts';

const niches = loadNiches(NICHES_DIR);
const themes = loadThemes(THEMES_DIR);

function sites(count: number) {
  return Array.from({ length: count }, (_, n) => {
    const tenant = tenantSchema.parse(farmTenant(n));
    return resolveSite(
      `tenants/${tenant.id}.json`,
      tenant,
      niches.get(tenant.niche)!,
      themes.get(tenant.theme!)!,
    );
  });
}

describe('summarizeSites', () => {
  it('names every domain of a few sites', () => {
    expect(summarizeSites(sites(2))).toBe('2 sites: site-00000.farm.test, site-00001.farm.test');
  });

  it('sums thousands of sites up in one short line', () => {
    const line = summarizeSites(sites(2000));
    expect(line).toMatch(/^2000 sites in 80 networks; themes: amber 1000, midnight 1000; niches: /);
    expect(line).toContain('; languages: ');
    expect(line).toContain('first: site-00000.farm.test, site-00001.farm.test');
    expect(line).toContain('and 1995 more');
    expect(line).not.toContain('site-01999.farm.test');
    expect(line.length).toBeLessThan(800);
  });

  it('starts summing up just above the limit', () => {
    expect(summarizeSites(sites(LIST_ALL_SITES_UP_TO))).toContain(`${LIST_ALL_SITES_UP_TO} sites: `);
    expect(summarizeSites(sites(LIST_ALL_SITES_UP_TO + 1))).toContain('networks; themes:');
  });
});
