import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('writes minor units as money in the page’s language', () => {
    expect(formatPrice(45, 'EUR', 'en')).toBe('€0.45');
    expect(formatPrice(1499, 'EUR', 'de')).toBe('14,99\u00a0€');
    expect(formatPrice(7, 'PLN', 'pl')).toBe('0,07\u00a0zł');
  });

  it('knows currencies without minor units', () => {
    expect(formatPrice(500, 'JPY', 'en')).toBe('¥500');
  });
});
