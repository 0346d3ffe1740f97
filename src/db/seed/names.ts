import type { Faker } from '@faker-js/faker';
import type { Random } from './random.ts';

/*
 * Profile names: first names only, as people show themselves on a dating site, from faker's
 * list for the member's own country. Some members pick a nickname instead ("Sanne_85").
 */

const fakers = new Map<string, Faker>();

/**
 * Loads faker for the given locales (each falls back to its language, then English, for lists
 * it lacks). Only these are loaded: all of faker's locales together hold 17 MB in memory.
 */
export async function loadNameLocales(locales: Iterable<string>): Promise<void> {
  const missing = [...new Set(locales)].filter((l) => !fakers.has(l));
  await Promise.all(
    missing.map(async (locale) => {
      const module = (await import(`@faker-js/faker/locale/${locale}`)) as { faker: Faker };
      fakers.set(locale, module.faker);
    }),
  );
}

/**
 * A first name for the locale and sex. Faker is re-seeded from the member's own seed, so a
 * name depends only on that member, not on how many names were drawn before it.
 */
export function firstName(locale: string, sex: 'male' | 'female', seed: number): string {
  const faker = fakers.get(locale);
  if (!faker) throw new Error(`first names for ${locale} were not loaded (loadNameLocales)`);
  faker.seed(seed);
  return faker.person.firstName(sex);
}

/** The name shown on the profile: mostly the first name, now and then a nickname. */
export function profileName(random: Random, first: string, birthYear: number): string {
  if (!random.chance(0.18)) return first;
  const compact = first.replace(/\s+/g, '');
  const yy = String(birthYear % 100).padStart(2, '0');
  switch (random.int(0, 3)) {
    case 0:
      return `${compact}_${yy}`;
    case 1:
      return `${compact}${yy}`;
    case 2:
      return `${compact.toLowerCase()}_${yy}`;
    default:
      return `${compact}${random.int(1, 99)}`;
  }
}
