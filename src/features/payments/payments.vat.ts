/*
 * VAT included in a price, for the receipt. Prices are final (VAT included), so the receipt shows
 * the share of VAT in them at the member's country's standard rate. Rates are kept in basis points
 * (19 % = 1900, 25.5 % = 2550) so that every figure stays a whole number.
 */

/** Standard VAT rates in basis points of the countries the sites serve (as of 2026). */
export const VAT_RATES_BP: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  CH: 810,
  DE: 1900,
  DK: 2500,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GB: 2000,
  IE: 2300,
  IT: 2200,
  NL: 2100,
  NO: 2500,
  PL: 2300,
  SE: 2500,
};

/** The rate for a country, or undefined where the product knows none (the receipt then shows none). */
export function vatRateBp(country: string): number | undefined {
  return VAT_RATES_BP[country.toUpperCase()];
}

/**
 * The VAT inside a gross amount (minor units): gross × rate / (100 % + rate), rounded half up to a
 * whole minor unit, in integers only.
 */
export function vatIncluded(gross: number, rateBp: number): number {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`not an amount: ${gross}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`not a rate: ${rateBp}`);
  const numerator = gross * rateBp;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A rate for people: 1900 → "19", 2550 → "25.5". */
export function ratePercent(rateBp: number): string {
  return String(rateBp / 100);
}
