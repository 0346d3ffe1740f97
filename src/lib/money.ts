/*
 * Money as the product writes it, on both sides: amounts stay integer minor units until they are
 * written out, and are handed to Intl.NumberFormat (or a provider) as exact decimal strings, so no
 * float ever rounds a price. A fraction of a minor unit (the price of one credit) is carried as
 * extra integer digits.
 */

/*
 * An Intl.NumberFormat costs tens of microseconds to build and nothing to reuse: a credits page
 * formats a dozen prices, each with the same few formats. They are kept by their inputs (the
 * currency, the language, the digits); the lists are bounded, as a currency or a language
 * nobody configured could come from outside.
 */
const FORMATS_MAX = 256;
const digitsByCurrency = new Map<string, number>();
const formats = new Map<string, Intl.NumberFormat>();

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    if (digitsByCurrency.size >= FORMATS_MAX) digitsByCurrency.clear();
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

function currencyFormat(currency: string, locale: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${currency}|${locale ?? ''}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (formats.size >= FORMATS_MAX) formats.clear();
    formats.set(key, format);
  }
  return format;
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
  return currencyFormat(currency, locale, digits).format(decimalString(amount, digits) as `${number}`);
}
