import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUNDLES, TERMS_VERSION_DATE } from './defaults.ts';
import { currencyFor, minimumMessageCosts } from './site.ts';
import type { TenantInput } from './tenant.schema.ts';
import { resolveTestSite, shippedConfig } from './cli/test-support.ts';

const { niches } = shippedConfig();

function site(input: Partial<TenantInput> = {}) {
  return resolveTestSite({ id: 's', domains: ['s.example'], name: 'S', niche: 'general', ...input });
}

/** ceil(a / b) for non-negative integers, exactly. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

describe('minimumMessageCosts', { timeout: 30_000 }, () => {
  it('with the defaults: the cheapest credit of the biggest bundle, times 5 credits, rounded up', () => {
    const costs = minimumMessageCosts(site());
    // value: 8999 cents for 800 credits → 5 credits cost 56.24… → 57 cents.
    expect(costs.NL).toEqual({ costs: 57, currency: 'EUR' });
    // GBP 7799 / 800 × 5 = 48.74… → 49 pence.
    expect(costs.GB).toEqual({ costs: 49, currency: 'GBP' });
    expect(Object.keys(costs)).toHaveLength(19);
  });

  it('is free when a message costs no credits', () => {
    expect(minimumMessageCosts(site({ message_credits: 0 })).DE).toEqual({ costs: 0, currency: 'EUR' });
  });

  it('leaves out a country whose currency no bundle is priced in', () => {
    const costs = minimumMessageCosts(
      site({
        countries: ['DE', 'JP'],
        prices: { currency_by_country: { JP: 'JPY' }, bundles: DEFAULT_BUNDLES },
      }),
    );
    expect(Object.keys(costs)).toEqual(['DE']);
  });

  const currency = fc.constantFrom('EUR', 'GBP', 'USD', 'CHF');
  const bundle = fc.record({
    id: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
    credits: fc.integer({ min: 1, max: 100_000 }),
    prices: fc.dictionary(currency, fc.integer({ min: 1, max: 10_000_000 }), { minKeys: 1 }),
  });
  const setup = fc.record({
    bundles: fc.array(bundle, { minLength: 1, maxLength: 5 }),
    message_credits: fc.integer({ min: 0, max: 1000 }),
    countries: fc.uniqueArray(fc.constantFrom('NL', 'DE', 'GB', 'US', 'CH', 'SE', 'JP'), { minLength: 1 }),
    currency_by_country: fc.dictionary(fc.constantFrom('NL', 'DE', 'JP'), currency, { maxKeys: 3 }),
    default_currency: currency,
  });

  it('is, per country, a non-negative whole number: the minimum over the bundles of its currency', () => {
    fc.assert(
      fc.property(setup, ({ bundles, message_credits, countries, currency_by_country, default_currency }) => {
        const s = site({
          message_credits,
          countries,
          prices: { bundles, currency_by_country, default_currency },
        });
        const costs = minimumMessageCosts(s);
        for (const country of countries) {
          const cur = currencyFor(s, country);
          const perBundle = bundles
            .filter((b) => b.prices[cur] !== undefined)
            .map((b) => ceilDiv(BigInt(b.prices[cur]!) * BigInt(message_credits), BigInt(b.credits)));
          if (perBundle.length === 0) {
            expect(costs[country]).toBeUndefined();
            continue;
          }
          const entry = costs[country]!;
          expect(entry.currency).toBe(cur);
          expect(Number.isInteger(entry.costs)).toBe(true);
          expect(entry.costs).toBeGreaterThanOrEqual(0);
          const min = perBundle.reduce((a, b) => (b < a ? b : a));
          expect(BigInt(entry.costs)).toBe(min);
        }
        expect(Object.keys(costs).every((c) => (countries as string[]).includes(c))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('resolveSite', () => {
  it('merges platform defaults ← niche ← site', () => {
    const s = site({ niche: 'gilf', support_phone: '+31 6 1234 5678', limits: { free_photos: 5 } });
    expect(s.indexTitle).toEqual({ message: niches.get('gilf')!.copy.index_title });
    expect(s.supportPhone).toBe('+31 6 1234 5678');
    expect(s.limits.freePhotos).toBe(5);
    expect(s.limits.premiumPhotos).toBe(25);
    expect(s.defaultCountry).toBe('NL');
    expect(s.domainLocale).toBe('en');
  });

  it('picks the locale of domain_language only when it is a visible one', () => {
    expect(site({ domain_language: 'de-DE', locales: ['de', 'en'] }).domainLocale).toBe('de');
    expect(site({ domain_language: 'fr', locales: ['de', 'en'] }).domainLocale).toBeUndefined();
    expect(site({ domain_language: 'no', locales: ['nb'] }).domainLocale).toBe('nb');
  });

  it('lists the visible locales in the platform order, whatever order the file has', () => {
    expect(site({ locales: ['nl', 'de', 'en'] }).locales).toEqual(['de', 'en', 'nl']);
  });

  it('keeps the terms date of the spec unless a company says otherwise', () => {
    expect(TERMS_VERSION_DATE).toBe('2023-12-01T12:00:00Z');
    expect(site().company.added).toBeUndefined();
  });
});
