import { allCountries } from 'country-region-data';

/** What a country calls its first-level regions (spec §9: province, state, county, canton …). */
const REGION_LABELS: Record<string, 'province' | 'state' | 'county' | 'canton' | 'region' | 'voivodeship'> = {
  NL: 'province',
  BE: 'province',
  ES: 'province',
  CA: 'province',
  IT: 'region',
  FR: 'region',
  DE: 'state',
  AT: 'state',
  US: 'state',
  AU: 'state',
  CH: 'canton',
  GB: 'county',
  IE: 'county',
  NO: 'county',
  SE: 'county',
  DK: 'region',
  FI: 'region',
  NZ: 'region',
  PL: 'voivodeship',
};

export interface CountryRegions {
  label: 'province' | 'state' | 'county' | 'canton' | 'region' | 'voivodeship';
  regions: Array<{ code: string; name: string }>;
}

const cache = new Map<string, CountryRegions>();

/** The regions of one country from `country-region-data` (derived data, cached per process). */
export function regionsOf(country: string): CountryRegions {
  const hit = cache.get(country);
  if (hit) return hit;
  const entry = (allCountries as Array<[string, string, Array<[string, string]>]>).find(
    (c) => c[1] === country,
  );
  const result: CountryRegions = {
    label: REGION_LABELS[country] ?? 'region',
    regions: (entry?.[2] ?? []).map(([name, code]) => ({ code, name })),
  };
  cache.set(country, result);
  return result;
}

/** Region names by country and code, built on first use from `regionsOf`. */
const namesByCountry = new Map<string, Map<string, string>>();

/** A region's name (as country-region-data writes it) from its code; undefined where unknown. */
export function regionName(country: string, code: string): string | undefined {
  let names = namesByCountry.get(country);
  if (!names) {
    names = new Map(regionsOf(country).regions.map((r) => [r.code, r.name]));
    namesByCountry.set(country, names);
  }
  return names.get(code);
}
