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
