import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblem } from '../registry.ts';
import { checkConfig } from './check.ts';
import {
  minimalTenant,
  NICHES_DIR,
  PROJECT_ROOT,
  tempProject,
  THEMES_DIR,
  type TempProject,
} from './test-support.ts';

let project: TempProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.remove());

describe('checkConfig', () => {
  it('passes the shipped tenants, niches and themes', () => {
    const result = checkConfig(
      { tenantsDir: join(PROJECT_ROOT, 'tenants'), nichesDir: NICHES_DIR, themesDir: THEMES_DIR },
      PROJECT_ROOT,
    );
    expect(result.problems).toEqual([]);
    expect(result.sites).toEqual(expect.arrayContaining(['curvy', 'localhost', 'mature', 'rainbow']));
    expect(result.sites).toEqual([...result.sites].sort());
  });

  it('lists the sites of a good folder', () => {
    project.write('b.json', minimalTenant('b'));
    project.write('a.json', minimalTenant('a'));
    expect(checkConfig(project.dirs, project.root)).toEqual({
      sites: ['a', 'b'],
      problems: [],
      warnings: [],
    });
  });

  it('reports one line per problem, with file, field and reason, across all files at once', () => {
    project.write('a.json', minimalTenant('a', 'shared.example'));
    project.write('b.json', { ...minimalTenant('b'), domains: ['shared.example'] });
    project.write('c.json', { ...minimalTenant('c'), domains: ['c.example:8080'] });
    project.write('d.json', minimalTenant('e'));
    const result = checkConfig(project.dirs, project.root);
    expect(result.sites).toEqual([]);
    expect(result.problems.map(formatProblem)).toEqual([
      'tenants/c.json: domains[0]: a host name without scheme, port or path (e.g. example.com)',
      'tenants/d.json: id: must be "d", the file\'s name',
      'tenants/b.json: domains[0]: "shared.example" is already served by tenants/a.json',
    ]);
  });

  it('refuses campaign tokens that a locale prefix or a page of the site would hide', () => {
    project.write('a.json', {
      ...minimalTenant('a'),
      campaigns: { summer: {}, nl: {}, landers: { lander: 'gallery' }, 'summer-nl': {} },
    });
    expect(checkConfig(project.dirs, project.root).problems.map(formatProblem)).toEqual([
      'tenants/a.json: campaigns.nl: is reserved: /nl/ is the prefix of the Nederlands pages, so the campaign could never be reached; choose another token',
      "tenants/a.json: campaigns.landers: is reserved: /landers belongs to the site's own pages, which are matched before campaigns; choose another token",
    ]);
  });

  it('checks niche files and theme manifests too, with the tenant files', () => {
    const niches = join(project.root, 'niches');
    const themes = join(project.root, 'themes');
    cpSync(NICHES_DIR, niches, { recursive: true });
    cpSync(THEMES_DIR, themes, { recursive: true });
    writeFileSync(join(niches, 'gay.json'), JSON.stringify({ id: 'gay' }));
    mkdirSync(join(themes, 'neon'));
    writeFileSync(
      join(themes, 'neon', 'theme.json'),
      JSON.stringify({ id: 'neon', label: 'Neon', colors: { primary: 'pink' } }),
    );
    project.write('a.json', { ...minimalTenant('a'), name: '' });
    const lines = checkConfig(
      { ...project.dirs, nichesDir: niches, themesDir: themes },
      project.root,
    ).problems.map(formatProblem);
    expect(lines).toEqual(
      expect.arrayContaining([
        'niches/gay.json: landing_slug: Invalid input: expected string, received undefined',
        'themes/neon/theme.json: colors.primary: a colour like #ffb300',
        'tenants/a.json: name: Too small: expected string to have >=1 characters',
      ]),
    );
  });

  it('fails on a folder that is missing or holds no site', () => {
    expect(checkConfig(project.dirs, project.root).problems.map(formatProblem)).toEqual([
      'tenants: (file): holds no tenant file (*.json)',
    ]);
    const missing = checkConfig({ ...project.dirs, tenantsDir: join(project.root, 'nope') }, project.root);
    expect(missing.problems.map(formatProblem)).toEqual([
      'nope: (file): does not exist (pass --dir or set TENANTS_DIR)',
    ]);
  });
});

describe('siteWarnings', () => {
  it('flags what a live site almost never wants, without failing the check', () => {
    project.write('a.json', {
      ...minimalTenant('a', 'a.example'),
      countries: ['DE', 'JP'],
      default_country: 'FR',
      locales: ['de'],
      prices: { currency_by_country: { JP: 'JPY' } },
    });
    const result = checkConfig(project.dirs, project.root);
    expect(result.problems).toEqual([]);
    expect(result.sites).toEqual(['a']);
    expect(result.warnings.map(formatProblem)).toEqual([
      'tenants/a.json: default_country: "FR" is not one of the served countries (DE, JP)',
      'tenants/a.json: prices.bundles: no bundle has a price in JPY, the currency of JP: no price and no minimum_message_costs there',
      'tenants/a.json: domain_language: "en" is not one of the visible locales (de)',
      "tenants/a.json: company: not set: the footer pages show the platform's fictitious demo company",
    ]);
  });

  it('has nothing to say about the shipped tenants', () => {
    const result = checkConfig(
      { tenantsDir: join(PROJECT_ROOT, 'tenants'), nichesDir: NICHES_DIR, themesDir: THEMES_DIR },
      PROJECT_ROOT,
    );
    expect(result.warnings).toEqual([]);
  });
});
