/**
 * Where a member lives, as a card or a profile says it: names in the reader's language, never
 * the codes a profile stores ("Dudley, United Kingdom", not "DUD, GB"). Browser-safe: the
 * region names come from the caller (the server knows them; an island may not).
 */

/** One display-names formatter per language: a list of cards asks for the same few countries. */
const countryNames = new Map<string, Intl.DisplayNames>();

/** A country's name in `locale`, from its ISO code (the code itself where Intl has no name). */
export function countryName(code: string, locale: string): string {
  let names = countryNames.get(locale);
  if (!names) countryNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  try {
    return names.of(code) ?? code;
  } catch {
    // A malformed code (not two letters) is shown as stored rather than breaking the page.
    return code;
  }
}

/** What a place is made of: the codes a profile stores and its city as written. */
export interface Place {
  country: string;
  region: string | null;
  city?: string | null | undefined;
}

/** A region's name from its code, or undefined where the caller does not know it. */
export type RegionName = (country: string, code: string) => string | undefined;

/** The finest known part of a place, for a card: the city, else the region's name, else the country's. */
export function shortPlace(place: Place, locale: string, regionName?: RegionName): string {
  if (place.city) return place.city;
  const region = place.region && regionName?.(place.country, place.region);
  return region || countryName(place.country, locale);
}

/**
 * City, region and country, for a profile: each name once (a city-state's region repeats its
 * city), the region left out where its name is not known rather than shown as a code.
 */
export function fullPlace(place: Place, locale: string, regionName?: RegionName): string {
  const region = place.region ? regionName?.(place.country, place.region) : undefined;
  const parts = [place.city, region, countryName(place.country, locale)].filter((p): p is string => !!p);
  return [...new Set(parts)].join(', ');
}
