import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalAmount, minorUnits } from '../../server/payments/provider.ts';
import { paymentMethodsFor } from './payments.methods.ts';
import { vatIncluded, vatRateBp } from './payments.vat.ts';

describe('VAT included in a price', () => {
  it('matches the exact fraction rounded half up, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (gross, rate) => {
          const vat = vatIncluded(gross, rate);
          // gross × rate / (10000 + rate), within half a minor unit, never more than the price.
          const exact = (gross * rate) / (10_000 + rate);
          expect(Math.abs(vat - exact)).toBeLessThanOrEqual(0.5);
          expect(vat).toBeLessThanOrEqual(gross);
        },
      ),
    );
  });

  it('knows the rates of the served countries, in basis points', () => {
    expect(vatIncluded(1499, vatRateBp('NL')!)).toBe(260);
    expect(vatIncluded(1499, vatRateBp('de')!)).toBe(239);
    expect(vatIncluded(11200, vatRateBp('DK')!)).toBe(2240);
    expect(vatRateBp('FI')).toBe(2550);
    expect(vatRateBp('XX')).toBeUndefined();
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => vatIncluded(14.99, 1900)).toThrow(RangeError);
    expect(() => vatIncluded(-1, 1900)).toThrow(RangeError);
  });
});

describe('amounts as Mollie writes them', () => {
  it('round-trips minor units through the decimal string for 0, 2 and 3 digit currencies', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom(0, 2, 3), (amount, digits) => {
        expect(minorUnits(decimalAmount(amount, digits), digits)).toBe(amount);
      }),
    );
    expect(decimalAmount(1499, 2)).toBe('14.99');
    expect(decimalAmount(5, 2)).toBe('0.05');
    expect(minorUnits('14.9', 2)).toBe(1490);
    expect(() => minorUnits('1.999', 2)).toThrow(RangeError);
    expect(() => minorUnits('1e3', 2)).toThrow(RangeError);
  });
});

describe('payment methods by country', () => {
  it('offers the country’s own methods first, then those offered everywhere', () => {
    expect(paymentMethodsFor('NL').map((m) => m.id)).toEqual([
      'ideal',
      'sct',
      'creditcard',
      'paypal',
      'applepay',
      'paysafecard',
    ]);
    expect(paymentMethodsFor('pl')[0]).toEqual({ id: 'blik', name: 'BLIK' });
    expect(paymentMethodsFor('US').map((m) => m.id)).toEqual([
      'creditcard',
      'paypal',
      'applepay',
      'paysafecard',
    ]);
  });
});
