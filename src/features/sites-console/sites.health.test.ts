import { describe, expect, it } from 'vitest';
import type { Site } from '../../tenancy/site.ts';
import { otherProblems, sitesHealth, type HealthInput } from './sites.health.ts';

function site(id: string, network: string, extra: Partial<Site> = {}): Site {
  return {
    id,
    file: `tenants/${id}.json`,
    name: id.toUpperCase(),
    network,
    niche: 'general',
    theme: { id: 'amber' },
    locales: ['en', 'de'],
    domains: [`${id}.localhost`],
    ...extra,
  } as unknown as Site;
}

function input(overrides: Partial<HealthInput>): HealthInput {
  return {
    files: [],
    sites: [],
    problems: [],
    warnings: () => [],
    loadedAt: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    networks: 'all',
    ...overrides,
  };
}

describe('sitesHealth', () => {
  it('lists served sites as valid with the time their file was read and their warnings', () => {
    const rows = sitesHealth(
      input({
        files: [{ file: 'tenants/a.json', raw: {} }],
        sites: [site('a', 'net')],
        warnings: () => [{ file: 'tenants/a.json', field: 'company', reason: 'not set' }],
      }),
    );
    expect(rows).toEqual([
      {
        id: 'a',
        file: 'tenants/a.json',
        name: 'A',
        network: 'net',
        theme: 'amber',
        niche: 'general',
        languages: ['en', 'de'],
        domains: ['a.localhost'],
        valid: true,
        served: true,
        loaded_at: '2026-01-02T03:04:05.000Z',
        findings: [{ level: 'warning', field: 'company', reason: 'not set' }],
      },
    ]);
  });

  it('shows a file that failed to load with its problems and what it says of itself', () => {
    const [row] = sitesHealth(
      input({
        files: [
          {
            file: 'tenants/broken.json',
            raw: { id: 'broken', name: 'Broken', network: 'net', domains: ['b.localhost'], niche: 'nope' },
          },
        ],
        problems: [{ file: 'tenants/broken.json', field: 'niche', reason: 'unknown niche' }],
      }),
    );
    expect(row).toMatchObject({
      id: 'broken',
      name: 'Broken',
      network: 'net',
      domains: ['b.localhost'],
      valid: false,
      served: false,
      loaded_at: null,
      findings: [{ level: 'problem', field: 'niche', reason: 'unknown niche' }],
    });
  });

  it('marks a served site whose file is now broken: invalid, serving the last good version', () => {
    const [row] = sitesHealth(
      input({
        files: [{ file: 'tenants/a.json', raw: undefined }],
        sites: [site('a', 'net')],
        problems: [{ file: 'tenants/a.json', field: '', reason: 'is not JSON' }],
        warnings: () => [{ file: 'tenants/a.json', field: 'company', reason: 'not set' }],
      }),
    );
    expect(row).toMatchObject({ valid: false, served: true, network: 'net' });
    expect(row!.findings).toEqual([{ level: 'problem', field: '', reason: 'is not JSON' }]);
  });

  it('scopes rows to the networks held; an unreadable new file only to holders of every network', () => {
    const files = [
      { file: 'tenants/a.json', raw: {} },
      { file: 'tenants/b.json', raw: {} },
      { file: 'tenants/own-pool.json', raw: { id: 'own-pool' } },
      { file: 'tenants/garbage.json', raw: undefined },
    ];
    const sites = [site('a', 'one'), site('b', 'two')];
    const ids = (networks: HealthInput['networks']) =>
      sitesHealth(input({ files, sites, networks })).map((r) => r.id);
    expect(ids(['one'])).toEqual(['a']);
    // A file without a network names a pool of its own, named like its id.
    expect(ids(['two', 'own-pool'])).toEqual(['b', 'own-pool']);
    expect(ids('all')).toEqual(['a', 'b', 'garbage', 'own-pool']);
  });
});

describe('otherProblems', () => {
  it('keeps the problems of files that are not tenant files', () => {
    expect(
      otherProblems(
        [
          { file: 'tenants/a.json', field: 'x', reason: 'y' },
          { file: 'themes/t/theme.json', field: 'label', reason: 'missing' },
        ],
        new Set(['tenants/a.json']),
      ),
    ).toEqual([{ level: 'problem', file: 'themes/t/theme.json', field: 'label', reason: 'missing' }]);
  });
});
