/**
 * Generated tenant files for measuring the platform at many sites: `count` valid files written
 * into a folder, spread over networks, themes, niches and languages the way an operator's
 * portfolio would be (a few hundred networks, every theme and niche, sites in one to three
 * languages, a company per network), so nothing is shared that would not be shared in life.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../../src/i18n/locales.ts';
import { NICHE_IDS } from '../../src/tenancy/niche.schema.ts';

export const FARM_THEMES = ['amber', 'midnight'] as const;
const COUNTRIES = ['NL', 'DE', 'AT', 'CH', 'BE', 'DK', 'SE', 'NO', 'FI', 'FR', 'ES', 'IT', 'PL', 'GB'];
const SITES_PER_NETWORK = 25;

/** The id of the n-th generated site (0-based), also its file name. */
export function farmSiteId(n: number): string {
  return `site-${String(n).padStart(5, '0')}`;
}

/** The canonical domain of the n-th generated site. */
export function farmDomain(n: number): string {
  return `${farmSiteId(n)}.farm.test`;
}

/** The tenant file of the n-th generated site (`revision` changes its name, for reload tests). */
export function farmTenant(n: number, revision = 0): Record<string, unknown> {
  const network = `net-${String(Math.floor(n / SITES_PER_NETWORK)).padStart(4, '0')}`;
  const locale = LOCALES[n % LOCALES.length]!;
  const second = LOCALES[(n + 3) % LOCALES.length]!;
  const locales = n % 3 === 0 ? [locale] : [locale, second, ...(n % 3 === 2 ? ['en'] : [])];
  const country = COUNTRIES[n % COUNTRIES.length]!;
  return {
    id: farmSiteId(n),
    domains: [farmDomain(n), `${farmSiteId(n)}-alt.farm.test`],
    name: `Farm Site ${n}${revision ? ` r${revision}` : ''}`,
    niche: NICHE_IDS[n % NICHE_IDS.length],
    network,
    theme: FARM_THEMES[n % FARM_THEMES.length],
    domain_language: locale,
    locales: [...new Set(locales)],
    countries: [country, COUNTRIES[(n + 1) % COUNTRIES.length]],
    default_country: country,
    support_email: `support@${farmDomain(n)}`,
    brand_colors: { primary: `#${((n * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}` },
    company: {
      id: `company-${network}`,
      name: `Company of ${network} B.V.`,
      address: `Farm Street ${n % 200}`,
      kvk: String(10_000_000 + Math.floor(n / SITES_PER_NETWORK)),
      city: '1012 AB Amsterdam',
      country: 'NL',
      tradenames: [`Farm Site ${n}`],
      vat_numbers: [`NL${String(n).padStart(9, '0')}B01`],
      support_phone: '+31 20 555 0100',
      added: '2025-01-15T08:00:00Z',
    },
  };
}

/** Writes `count` tenant files into `dir` (created when missing); returns the ids written. */
export function writeTenantFarm(dir: string, count: number): string[] {
  mkdirSync(dir, { recursive: true });
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const tenant = farmTenant(n);
    writeFileSync(join(dir, `${farmSiteId(n)}.json`), `${JSON.stringify(tenant, null, 2)}\n`);
    ids.push(farmSiteId(n));
  }
  return ids;
}
