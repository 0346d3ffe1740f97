import type { MessageKey, Translate } from '../../i18n/index.ts';

/*
 * Which payment methods a member is offered, by country (spec §3's list). The list is the shop's
 * promise, not the provider's: an operator offers in a country only what their Mollie account has
 * enabled there. Card brands are shown by name because members look for the logo they carry.
 */

/** Every method the product knows, with the name members see (brand names are not translated). */
export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  creditcard: 'Credit card',
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  paysafecard: 'paysafecard',
  sct: 'SEPA bank transfer',
  sdd: 'SEPA direct debit',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  sofort: 'SOFORT',
  giropay: 'giropay',
  eps: 'EPS',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  dankort: 'Dankort',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  vipps: 'Vipps',
  twint: 'TWINT',
  satispay: 'Satispay',
  nexi: 'Nexi',
  cartebancaire: 'Carte Bancaire',
};

/** Offered everywhere, after the country's own methods. */
const EVERYWHERE = ['creditcard', 'paypal', 'applepay', 'paysafecard'] as const;

/** A country's own methods, first in the list because they are what its members use most. */
const BY_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  NL: ['ideal', 'sct'],
  BE: ['bancontact', 'sct'],
  DE: ['sofort', 'giropay', 'sct'],
  AT: ['eps', 'sofort', 'sct'],
  PL: ['blik', 'prezelewy24'],
  DK: ['dankort', 'mobilepay'],
  FI: ['mobilepay'],
  SE: ['swish'],
  NO: ['vipps'],
  CH: ['twint'],
  IT: ['satispay', 'nexi'],
  FR: ['cartebancaire'],
  ES: ['sct'],
  IE: ['sct'],
};

export interface PaymentMethodChoice {
  id: string;
  name: string;
}

/** Methods named by what they are rather than by a brand: their names are translated. */
const DESCRIBED: Readonly<Record<string, MessageKey>> = {
  creditcard: 'payments.method.creditcard',
  sct: 'payments.method.sct',
  sdd: 'payments.method.sdd',
};

/** The name members see: a brand as it is, a description in the member's language (with `t`). */
export function paymentMethodName(id: string, t?: Translate): string {
  const key = DESCRIBED[id];
  if (key && t) return t(key);
  return PAYMENT_METHOD_NAMES[id] ?? id;
}

/** The methods offered to a member from `country`, the country's own first, named in `t`'s language. */
export function paymentMethodsFor(country: string, t?: Translate): PaymentMethodChoice[] {
  const ids = [...(BY_COUNTRY[country.toUpperCase()] ?? []), ...EVERYWHERE];
  return ids.map((id) => ({ id, name: paymentMethodName(id, t) }));
}

export function isOfferedMethod(country: string, method: string): boolean {
  return paymentMethodsFor(country).some((m) => m.id === method);
}
