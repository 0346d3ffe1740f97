import { Faker, allLocales, type LocaleDefinition } from '@faker-js/faker';
import type { Random } from './random.ts';

/*
 * Profile names: first names only, as people show themselves on a dating site, from faker's
 * list for the member's own country. Some members pick a nickname instead ("Sanne_85").
 */

const locales = allLocales as Record<string, LocaleDefinition>;
const fakers = new Map<string, Faker>();

/** A faker for a locale, falling back to its language and then English for missing lists. */
function fakerFor(locale: string): Faker {
  let faker = fakers.get(locale);
  if (!faker) {
    const chain = [locale, locale.split('_')[0]!, 'en', 'base']
      .filter((l, i, all) => all.indexOf(l) === i && locales[l] !== undefined)
      .map((l) => locales[l]!);
    faker = new Faker({ locale: chain });
    fakers.set(locale, faker);
  }
  return faker;
}

/**
 * A first name for the locale and sex. Faker is re-seeded from the member's own seed, so a
 * name depends only on that member, not on how many names were drawn before it.
 */
export function firstName(locale: string, sex: 'male' | 'female', seed: number): string {
  const faker = fakerFor(locale);
  faker.seed(seed);
  return faker.person.firstName(sex);
}

/** The name shown on the profile: mostly the first name, now and then a nickname. */
export function profileName(random: Random, first: string, birthYear: number): string {
  if (!random.chance(0.18)) return first;
  const compact = first.replace(/\s+/g, '');
  const yy = String(birthYear % 100).padStart(2, '0');
  switch (random.int(0, 3)) {
    case 0: return `${compact}_${yy}`;
    case 1: return `${compact}${yy}`;
    case 2: return `${compact.toLowerCase()}_${yy}`;
    default: return `${compact}${random.int(1, 99)}`;
  }
}
