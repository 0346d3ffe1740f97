import type { Locale } from '../../i18n/locales.ts';
import type { Site } from '../../tenancy/site.ts';

/**
 * The languages a visitor from each served country is offered (spec §9 names the countries and
 * leaves the mapping to us): the country's own languages first, then English. Countries not
 * listed see every language of the site.
 */
export const LOCALES_BY_COUNTRY: Readonly<Record<string, readonly Locale[]>> = {
  US: ['en'],
  NL: ['nl', 'en'],
  BE: ['nl', 'fr', 'en'],
  FR: ['fr', 'en'],
  IT: ['it', 'en'],
  ES: ['es', 'en'],
  DE: ['de', 'en'],
  AT: ['de', 'en'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl', 'en'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'fr', 'it', 'en'],
  DK: ['da', 'en'],
  FI: ['fi', 'sv', 'en'],
  NO: ['nb', 'en'],
  SE: ['sv', 'en'],
};

/**
 * The site's languages a visitor from `country` sees, in the country's order. When none of the
 * country's languages is one of the site's (a German-only site visited from Poland), all of the
 * site's languages stay visible: nobody is left without a language.
 */
export function visibleLocales(site: Site, country: string): Locale[] {
  const preferred = LOCALES_BY_COUNTRY[country];
  if (!preferred) return [...site.locales];
  const visible = preferred.filter((l) => site.locales.includes(l));
  return visible.length ? visible : [...site.locales];
}
