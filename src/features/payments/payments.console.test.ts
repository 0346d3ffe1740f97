import { describe, expect, it } from 'vitest';
import { staffRefundTerms } from './payments.console.ts';

/* What a staff refund takes back and pays (payments.console.ts). */
describe('staff refund terms', () => {
  const order = { credits: 100, amount: 1499 };

  it('by the rules: the credits left, at most the order’s, and the money pro rata, rounded down', () => {
    expect(staffRefundTerms(order, 250, 'rules')).toEqual({ reversed: 100, unrecovered: 0, amount: 1499 });
    expect(staffRefundTerms(order, 40, 'rules')).toEqual({ reversed: 40, unrecovered: 0, amount: 599 });
    expect(staffRefundTerms(order, 0, 'rules')).toEqual({ reversed: 0, unrecovered: 0, amount: 0 });
  });

  it('in full: the whole amount, the credits left taken back and the spent ones written down', () => {
    expect(staffRefundTerms(order, 40, 'full')).toEqual({ reversed: 40, unrecovered: 60, amount: 1499 });
    expect(staffRefundTerms(order, 500, 'full')).toEqual({ reversed: 100, unrecovered: 0, amount: 1499 });
    expect(staffRefundTerms(order, 0, 'full')).toEqual({ reversed: 0, unrecovered: 100, amount: 1499 });
  });
});
