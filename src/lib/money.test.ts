import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes minor units as money in the page’s language', () => {
    expect(formatMoney(45, 'EUR', 'en')).toBe('€0.45');
    expect(formatMoney(1499, 'EUR', 'de')).toBe('14,99\u00a0€');
    expect(formatMoney(7, 'PLN', 'pl')).toBe('0,07\u00a0zł');
  });

  it('knows currencies without minor units', () => {
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
  });
});

describe('formatMoney, its formats kept', () => {
  it('builds one Intl.NumberFormat per currency, language and digits, however many prices it writes', () => {
    const Real = Intl.NumberFormat;
    let built = 0;
    const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built += 1;
      return new Real(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = Counting;
    try {
      const prices = [1, 2, 3, 4, 5].map((n) => formatMoney(n * 100, 'SEK', 'sv'));
      expect(prices[2]).toBe(formatMoney(300, 'SEK', 'sv'));
      // The currency's digits and the one format, once each (none when kept from before).
      expect(built).toBeLessThanOrEqual(2);
      // A price finer than a cent keeps its own format: 1999 thousandths of a krona.
      expect(formatMoney(1999, 'SEK', 'en', 1)).toBe('SEK\u00a01.999');
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
