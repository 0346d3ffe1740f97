import { currencyDigits, decimalString, formatMoney } from '../../lib/money.ts';
import { currencyFor, type Site } from '../../tenancy/site.ts';

/**
 * The pricing page's figures, in integer minor units (written out with src/lib/money.ts; the price
 * of one credit carries extra integer digits, never a float).
 */

export { currencyDigits, decimalString, formatMoney };

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
