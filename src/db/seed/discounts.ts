import type { Transaction } from 'kysely';
import type { Site } from '../../tenancy/site.ts';
import type { Database, NewRow } from '../database.ts';
import { newId } from '../ids.ts';

/** A single-use code nobody can guess (what the credits feature's `newSingleUseCode` makes). */
const unguessable = (prefix: string) => `${prefix}${newId().toUpperCase()}`;

/*
 * Demo discount codes, one of each kind the rules know, so the credits pages can be tried by hand:
 * a plain code, one with a minimum order, one for a single country, and a single-use one (its
 * name followed by 16 random characters: a single-use code is honoured only when unguessable). The
 * code a site's company offers in the deletion flow (`company.delete_discount`) is added too, so
 * that link leads to a real offer; its percentage is the number it ends in (STAY20: 20 %).
 */

export const DEMO_DISCOUNT_CODES = [
  { code: 'DEMO10', percentage: 10 },
  { code: 'DEMO20MIN', percentage: 20, minimum_amount: 3000, currency: 'EUR' },
  { code: 'DEMONL15', percentage: 15, country: 'NL' },
  { code: 'DEMOONCE50', percentage: 50, validity: 'single_use' as const, random: true },
] as const;

function percentageIn(code: string): number {
  const n = Number(/(\d+)$/.exec(code)?.[1] ?? 20);
  return n >= 1 && n <= 90 ? n : 20;
}

export function demoDiscountRows(sites: readonly Site[], now: number): NewRow<'discount_codes'>[] {
  const rows: NewRow<'discount_codes'>[] = DEMO_DISCOUNT_CODES.map((c) => ({
    id: newId(),
    code: 'random' in c ? unguessable(c.code) : c.code,
    network_id: null,
    percentage: c.percentage,
    minimum_amount: 'minimum_amount' in c ? c.minimum_amount : null,
    currency: 'currency' in c ? c.currency : null,
    country: 'country' in c ? c.country : null,
    validity: 'validity' in c ? c.validity : 'once_per_user',
    expires_at: null,
    created_at: now,
  }));
  for (const site of sites) {
    const code = site.company.delete_discount?.trim().toUpperCase();
    if (!code || rows.some((r) => r.code === code)) continue;
    rows.push({
      id: newId(),
      code,
      network_id: site.network,
      percentage: percentageIn(code),
      minimum_amount: null,
      currency: null,
      country: null,
      validity: 'once_per_user',
      expires_at: null,
      created_at: now,
    });
  }
  return rows;
}

/**
 * Adds the demo codes; a code already there (a second seed run) is left as it is. Answers the
 * codes, so the seed can print the single-use one (nobody could type it otherwise).
 */
export async function seedDiscountCodes(
  trx: Transaction<Database>,
  sites: readonly Site[],
  now: number,
): Promise<string[]> {
  const rows = demoDiscountRows(sites, now);
  await trx
    .insertInto('discount_codes')
    .values(rows)
    // Any conflict: the unique key is (network, code), an expression index no column names.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return rows.map((r) => r.code);
}
