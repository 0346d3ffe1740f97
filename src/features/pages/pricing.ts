import type { Locale } from '../../i18n/locales.ts';
import { currencyFor, type Site } from '../../tenancy/site.ts';

/**
 * The pricing page's figures. Money stays in integer minor units until it is written out; a
 * fraction of a minor unit (the price of one credit) is carried as extra integer digits and
 * handed to Intl.NumberFormat as an exact decimal string, so no float ever rounds a price.
 */

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** `value` with `digits` implied decimals as an exact decimal string: (1499, 2) → "14.99". */
export function decimalString(value: number, digits: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`not a whole non-negative amount: ${value}`);
  if (digits === 0) return String(value);
  const padded = String(value).padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Formats an amount in minor units, or in minor units × 10^extraDigits for amounts finer than
 * a cent, as currency in the page's language ("€ 14,99", "£12.99").
 */
export function formatMoney(amount: number, currency: string, locale: Locale, extraDigits = 0): string {
  const digits = currencyDigits(currency) + extraDigits;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(decimalString(amount, digits) as `${number}`);
}

/** Extra digits shown for the price of one credit: hundredths of a cent. */
export const PER_CREDIT_EXTRA_DIGITS = 2;

export interface BundlePrice {
  id: string;
  credits: number;
  popular: boolean;
  /** The final amount, in minor units. */
  amount: number;
  /** One credit, in minor units × 100, rounded up (never shown cheaper than it is). */
  perCredit: number;
  /** One text message (`message_credits` credits), in minor units, rounded up. */
  perMessage: number;
}

export interface Pricing {
  country: string;
  currency: string;
  /** Bundles priced in the currency, fewest credits first. Empty when none is. */
  bundles: BundlePrice[];
}

/** Integer division rounded up, for positive integers. */
function divideUp(numerator: number, denominator: number): number {
  return Math.floor((numerator + denominator - 1) / denominator);
}

/**
 * What a visitor from `country` pays on this site: the bundles in that country's currency with
 * the final amount, the price of a credit and of a message. The message price uses the rule of
 * `settings.minimum_message_costs`, so both always agree.
 */
export function pricingFor(site: Site, country: string): Pricing {
  const currency = currencyFor(site, country);
  const bundles = site.prices.bundles
    .flatMap((bundle) => {
      const amount = bundle.prices[currency];
      if (amount === undefined) return [];
      return [
        {
          id: bundle.id,
          credits: bundle.credits,
          popular: bundle.popular,
          amount,
          perCredit: divideUp(amount * 10 ** PER_CREDIT_EXTRA_DIGITS, bundle.credits),
          perMessage: divideUp(amount * site.messageCredits, bundle.credits),
        },
      ];
    })
    .sort((a, b) => a.credits - b.credits);
  return { country, currency, bundles };
}
