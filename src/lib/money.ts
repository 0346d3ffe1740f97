/*
 * Money as the product writes it, on both sides: amounts stay integer minor units until they are
 * written out, and are handed to Intl.NumberFormat (or a provider) as exact decimal strings, so no
 * float ever rounds a price. A fraction of a minor unit (the price of one credit) is carried as
 * extra integer digits.
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

/** An exact decimal string back to `digits` implied decimals, refusing anything else: ("14.9", 2) → 1490. */
export function minorUnits(value: string, digits: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) throw new RangeError(`more than ${digits} decimals: ${value}`);
  return Number(match[1]) * 10 ** digits + Number(fraction || '0');
}

/**
 * Formats an amount in minor units, or in minor units × 10^extraDigits for amounts finer than
 * a cent, as currency in the page's language ("€ 14,99", "£12.99").
 */
export function formatMoney(
  amount: number,
  currency: string,
  locale: string | undefined,
  extraDigits = 0,
): string {
  const digits = currencyDigits(currency) + extraDigits;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(decimalString(amount, digits) as `${number}`);
}
