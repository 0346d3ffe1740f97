import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskIban, normalisePhone } from './payments.directdebit.ts';
import { refundAmount } from './payments.refund.ts';

describe('maskIban', () => {
  it('shows the country, check digits and last four only', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• •••• 3000');
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• 3000');
  });
});

describe('normalisePhone', () => {
  const site = { countries: ['DE'] };
  it('answers E.164 for mobile numbers, national ones read in the site’s first country', async () => {
    expect(await normalisePhone('0151 12345678', site)).toBe('+4915112345678');
    expect(await normalisePhone('+31 6 12345678', site)).toBe('+31612345678');
  });
  it('refuses landlines and nonsense', async () => {
    expect(await normalisePhone('+49 30 1234567', site)).toBeUndefined();
    expect(await normalisePhone('12', site)).toBeUndefined();
  });
});

describe('refundAmount', () => {
  it('is the amount pro rata of the credits left, rounded down, never more than paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (credits, amount, balance) => {
          const refund = refundAmount({ credits, amount }, balance);
          const reversed = Math.min(credits, balance);
          expect(Number.isSafeInteger(refund)).toBe(true);
          expect(refund).toBeGreaterThanOrEqual(0);
          expect(refund).toBeLessThanOrEqual(amount);
          // Rounded down: exact in integers.
          expect(refund * credits).toBeLessThanOrEqual(amount * reversed);
          expect((refund + 1) * credits).toBeGreaterThan(amount * reversed);
        },
      ),
    );
    expect(refundAmount({ credits: 100, amount: 1499 }, 37)).toBe(554);
  });
});
