import { describe, expect, it } from 'vitest';
import { minimumInMinorUnits } from './DiscountCodes.tsx';

describe('the minimum staff type in the currency’s units', () => {
  it('reaches the API in minor units of its currency', () => {
    expect(minimumInMinorUnits({ minimum: '29.99', currency: 'EUR' })).toEqual({ minimum: '2999' });
    expect(minimumInMinorUnits({ minimum: '30', currency: 'PLN' })).toEqual({ minimum: '3000' });
    // A decimal comma, as many of the console's languages write it.
    expect(minimumInMinorUnits({ minimum: '29,99', currency: 'SEK' })).toEqual({ minimum: '2999' });
    // Binary fractions are rounded, not cut: 0.29 × 100 is 28.999… in floating point.
    expect(minimumInMinorUnits({ minimum: '0.29', currency: 'EUR' })).toEqual({ minimum: '29' });
    // A currency without minor units.
    expect(minimumInMinorUnits({ minimum: '500', currency: 'JPY' })).toEqual({ minimum: '500' });
  });

  it('leaves what is no amount for the server to refuse, and adds nothing where none was typed', () => {
    expect(minimumInMinorUnits({ minimum: 'ten', currency: 'EUR' })).toEqual({ minimum: 'ten' });
    expect(minimumInMinorUnits({ currency: 'EUR' })).toEqual({});
    // No currency yet: counted in cents, and the server asks for the currency.
    expect(minimumInMinorUnits({ minimum: '12.5' })).toEqual({ minimum: '1250' });
  });
});
