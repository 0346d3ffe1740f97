import { describe, expect, it } from 'vitest';
import type { Site } from '../../tenancy/site.ts';
import { DEMO_DISCOUNT_CODES, demoDiscountRows } from './discounts.ts';

describe('demo discount codes', () => {
  it('adds each kind of code and the company’s deletion code with the percentage it names', () => {
    const sites = [
      { network: 'amber', company: { delete_discount: 'stay20' } },
      { network: 'amber', company: {} },
    ] as unknown as Site[];
    const rows = demoDiscountRows(sites, 1);
    expect(rows.map((r) => r.code.replace(/^DEMOONCE50.+$/, 'DEMOONCE50'))).toEqual([
      ...DEMO_DISCOUNT_CODES.map((c) => c.code),
      'STAY20',
    ]);
    expect(rows.at(-1)).toMatchObject({ network_id: 'amber', percentage: 20, validity: 'once_per_user' });
  });

  it('makes the single-use code unguessable: its name and 16 random characters, new on every seed', () => {
    const once = (rows: ReturnType<typeof demoDiscountRows>) =>
      rows.find((r) => r.validity === 'single_use')!.code;
    const first = once(demoDiscountRows([], 1));
    expect(first).toMatch(/^DEMOONCE50[0-9A-Z]{16}$/);
    expect(once(demoDiscountRows([], 1))).not.toBe(first);
  });
});
