import { describe, expect, it } from 'vitest';
import { startServerExpectingFailure, tenantsFolder } from '../support/server.ts';

/*
 * The server refuses to start rather than serve a half-configured brand (ARCHITECTURE.md rule 7),
 * and says which file, which field and why.
 */

function brokenTenants(
  change: (tenant: Record<string, unknown>) => Record<string, unknown>,
  file = 'rainbow.json',
) {
  const tenants = tenantsFolder();
  tenants.write(file, change(JSON.parse(tenants.read(file)) as Record<string, unknown>));
  return tenants;
}

describe('starting with a bad tenant file', () => {
  it.each([
    ['an unknown niche', 'niche', (t: Record<string, unknown>) => ({ ...t, niche: 'not-a-niche' })],
    ['a misspelt field', 'nmae', (t: Record<string, unknown>) => ({ ...t, nmae: 'Typo' })],
    [
      'a domain list that is not a list',
      'domains',
      (t: Record<string, unknown>) => ({ ...t, domains: 'rainbow.localhost' }),
    ],
  ])('with %s exits non-zero and names file, field and reason', async (_label, field, change) => {
    const tenants = brokenTenants(change);
    try {
      const result = await startServerExpectingFailure({ tenants });
      expect(result.listened, 'the server started serving anyway').toBe(false);
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      const line = result.stderr.split('\n').find((l) => l.includes('tenants/rainbow.json'));
      expect(line, result.stderr).toBeDefined();
      expect(line).toMatch(new RegExp(`^\\s*tenants/rainbow\\.json: ${field}: \\S.*`));
    } finally {
      tenants.remove();
    }
  });

  it('with a file that is not JSON exits non-zero and says so', async () => {
    const tenants = tenantsFolder();
    tenants.write('broken.json', '{ "id": "broken", ');
    try {
      const result = await startServerExpectingFailure({ tenants });
      expect(result.listened).toBe(false);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/tenants\/broken\.json: .*JSON/);
    } finally {
      tenants.remove();
    }
  });

  it('with two sites claiming one domain exits non-zero and names the domain', async () => {
    const tenants = brokenTenants((t) => ({ ...t, domains: ['rainbow.localhost', 'silver.localhost'] }));
    try {
      const result = await startServerExpectingFailure({ tenants });
      expect(result.listened).toBe(false);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/tenants\/\w+\.json: domains\[\d\]: .*silver\.localhost/);
    } finally {
      tenants.remove();
    }
  });

  it('lists every problem, not only the first', async () => {
    const tenants = brokenTenants((t) => ({ ...t, niche: 'not-a-niche' }));
    tenants.write('curvy.json', { ...(JSON.parse(tenants.read('curvy.json')) as object), theme: 7 });
    try {
      const result = await startServerExpectingFailure({ tenants });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/tenants\/rainbow\.json: niche: /);
      expect(result.stderr).toMatch(/tenants\/curvy\.json: theme: /);
    } finally {
      tenants.remove();
    }
  });
});
