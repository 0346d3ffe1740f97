import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.ts';
import { paymentMethodName, paymentMethodsFor } from './payments.methods.ts';

describe('payment method names', () => {
  it("name a method by what it is in the member's language, and a brand as it is", () => {
    const de = translator('de');
    expect(paymentMethodName('sct', de)).toBe('SEPA-Überweisung');
    expect(paymentMethodName('sdd', de)).toBe('SEPA-Lastschrift');
    expect(paymentMethodName('creditcard', de)).toBe('Kreditkarte');
    expect(paymentMethodName('paypal', de)).toBe('PayPal');
    expect(paymentMethodsFor('DE', de).map((m) => m.name)).toContain('SEPA-Überweisung');
    expect(paymentMethodsFor('DE', de).map((m) => m.name)).not.toContain('SEPA bank transfer');
  });

  it('fall back to English names where no language is given', () => {
    expect(paymentMethodName('sct')).toBe('SEPA bank transfer');
  });
});
