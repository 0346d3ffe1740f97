import { describe, expect, it } from 'vitest';
import { minimumMessageCosts } from '../../tenancy/site.ts';
import type { TenantInput } from '../../tenancy/tenant.schema.ts';
import { resolveTestSite } from '../../tenancy/cli/test-support.ts';
import { decimalString, formatMoney, PER_CREDIT_EXTRA_DIGITS, pricingFor } from './pricing.ts';

function site(input: Partial<TenantInput> = {}) {
  return resolveTestSite({ id: 's', domains: ['s.example'], name: 'S', niche: 'general', ...input });
}

/** Intl separates currency and number with a no-break space in many languages. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('writes minor units as an exact decimal', () => {
    expect(decimalString(1499, 2)).toBe('14.99');
    expect(decimalString(5, 2)).toBe('0.05');
    expect(decimalString(1499, 4)).toBe('0.1499');
    expect(decimalString(700, 0)).toBe('700');
    expect(() => decimalString(1.5, 2)).toThrow(RangeError);
  });

  it('formats in the page language', () => {
    expect(plain(formatMoney(1499, 'EUR', 'de'))).toBe('14,99 €');
    expect(plain(formatMoney(1499, 'EUR', 'nl'))).toBe('€ 14,99');
    expect(plain(formatMoney(1299, 'GBP', 'en'))).toBe('£12.99');
    expect(plain(formatMoney(11200, 'DKK', 'da'))).toBe('112,00 kr.');
  });

  it('shows fractions of a cent without rounding them away', () => {
    expect(plain(formatMoney(1125, 'EUR', 'en', PER_CREDIT_EXTRA_DIGITS))).toBe('€0.1125');
  });
});

describe('pricingFor', () => {
  it("lists the bundles in the visitor's currency with final amounts", () => {
    const pricing = pricingFor(site(), 'GB');
    expect(pricing.currency).toBe('GBP');
    expect(pricing.bundles.map((b) => [b.credits, b.amount])).toEqual([
      [100, 1299],
      [300, 3499],
      [800, 7799],
    ]);
  });

  it('rounds the price of a credit and of a message up, never down', () => {
    const value = pricingFor(site(), 'NL').bundles.find((b) => b.id === 'value')!;
    // 8999 / 800 = 11.24875 cents a credit → 11.25; five credits 56.24… → 57 cents.
    expect(value.perCredit).toBe(1125);
    expect(value.perMessage).toBe(57);
  });

  it('agrees with settings.minimum_message_costs in every country', () => {
    const s = site({ message_credits: 7 });
    const minimum = minimumMessageCosts(s);
    for (const country of s.countries) {
      const cheapest = Math.min(...pricingFor(s, country).bundles.map((b) => b.perMessage));
      expect(cheapest, country).toBe(minimum[country]!.costs);
    }
  });

  it('is empty for a currency no bundle is priced in', () => {
    const s = site({ countries: ['JP'], prices: { currency_by_country: { JP: 'JPY' } } });
    expect(pricingFor(s, 'JP')).toEqual({ country: 'JP', currency: 'JPY', bundles: [] });
  });
});
