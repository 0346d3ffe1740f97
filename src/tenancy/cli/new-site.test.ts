import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblem, parseTenantFile } from '../registry.ts';
import { checkConfig } from './check.ts';
import {
  createSite,
  deriveSiteId,
  hostOf,
  siteUrl,
  type NewSiteDirs,
  type NewSiteOptions,
} from './new-site.ts';
import { minimalTenant, SCHEMAS_DIR, tempProject, type TempProject } from './test-support.ts';
import { itMaps } from '../../../tests/support/tables.ts';

let project: TempProject;
let dirs: NewSiteDirs;
beforeEach(() => {
  project = tempProject();
  dirs = { ...project.dirs, schemasDir: SCHEMAS_DIR };
});
afterEach(() => project.remove());

const flirt: NewSiteOptions = { domains: ['flirt-berlin.de'], name: 'Flirt Berlin', niche: 'general' };
const files = () => readdirSync(project.dirs.tenantsDir).sort();

describe('deriveSiteId', () => {
  itMaps(deriveSiteId, [
    ['flirt-berlin.de', 'flirt-berlin'],
    ['www.Flirt-Berlin.de', 'flirt-berlin'],
    ['dates.example.co.uk', 'dates-example'],
    ['example.co.uk', 'example'],
    ['gay.localhost', 'gay'],
    ['localhost', 'localhost'],
    ['127.0.0.1', '127-0-0-1'],
    ['xn--mnchen-3ya.de', 'xn-mnchen-3ya'],
    ['', 'site'],
  ]);
});

describe('hostOf', () => {
  /** One site's host as an operator may paste it: a URL, a port, a trailing dot, spaces. */
  const pasted = ['https://www.Example.com/path?q=1', 'example.com:443', 'Example.com.', '  example.com '];
  it.each(pasted)('%j → "example.com"', (typed) => {
    expect(hostOf(typed)).toBe('example.com');
  });
});

describe('siteUrl', () => {
  it('uses the public scheme and port, leaving out a default port', () => {
    expect(siteUrl('a.localhost', {})).toBe('http://a.localhost:4321/');
    expect(siteUrl('a.localhost', { PORT: '8080' })).toBe('http://a.localhost:8080/');
    expect(siteUrl('a.example', { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '443', PORT: '4321' })).toBe(
      'https://a.example/',
    );
    expect(siteUrl('a.example', { PUBLIC_PORT: '80' })).toBe('http://a.example/');
  });
});

describe('createSite', () => {
  it('writes a file the server loads, pointing at the JSON schema', () => {
    const result = createSite(
      {
        ...flirt,
        locales: ['de', 'en'],
        countries: ['DE', 'AT'],
        supportEmail: 'hilfe@flirt-berlin.de',
        network: 'berlin',
        theme: 'midnight',
      },
      dirs,
      project.root,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toBe('tenants/flirt-berlin.json');
    expect(result.needsDns).toEqual(['flirt-berlin.de']);
    // A real domain without its own company would show the demo company in its footer.
    expect(result.warnings).toEqual([
      "company: not set: the footer pages show the platform's fictitious demo company",
    ]);
    const json = JSON.parse(readFileSync(result.path, 'utf8'));
    expect(json).toEqual({
      $schema: expect.stringMatching(/schemas\/tenant\.schema\.json$/),
      id: 'flirt-berlin',
      domains: ['flirt-berlin.de'],
      name: 'Flirt Berlin',
      niche: 'general',
      network: 'berlin',
      theme: 'midnight',
      domain_language: 'de',
      locales: ['de', 'en'],
      countries: ['DE', 'AT'],
      support_email: 'hilfe@flirt-berlin.de',
    });
    expect(parseTenantFile(result.path, project.root).ok).toBe(true);
    expect(checkConfig(project.dirs, project.root)).toMatchObject({ sites: ['flirt-berlin'], problems: [] });
    expect(files()).toEqual(['flirt-berlin.json']);
  });

  it('writes "../schemas/tenant.schema.json" into the project\'s own tenants folder', () => {
    const result = createSite(flirt, { ...dirs, schemasDir: join(project.root, 'schemas') }, project.root);
    expect(result.ok && result.tenant.$schema).toBe('../schemas/tenant.schema.json');
  });

  it('folds what the operator typed onto the bare host', () => {
    const result = createSite(
      { ...flirt, domains: ['https://WWW.Flirt-Berlin.de/', 'flirt-berlin.de'] },
      dirs,
      project.root,
    );
    expect(result.ok && result.tenant.domains).toEqual(['flirt-berlin.de']);
  });

  it('does not need DNS for *.localhost', () => {
    const result = createSite({ ...flirt, domains: ['flirt.localhost'] }, dirs, project.root);
    expect(result.ok && result.needsDns).toEqual([]);
  });

  it('fails on a bad niche without writing a file', () => {
    const result = createSite({ ...flirt, niche: 'romance' }, dirs, project.root);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map(formatProblem)).toEqual([
      'tenants/flirt-berlin.json: niche: Invalid option: expected one of "general"|"she"|"bdsm"|"bbw"|"gilf"|"milf"|"gay"',
    ]);
    expect(files()).toEqual([]);
  });

  it('fails on an unknown theme, a bad locale or a bad e-mail without writing', () => {
    const theme = createSite({ ...flirt, theme: 'neon' }, dirs, project.root);
    expect(!theme.ok && theme.problems.map(formatProblem)).toEqual([
      'tenants/flirt-berlin.json: theme: "neon" is not a theme (known: amber, midnight)',
    ]);
    const locale = createSite({ ...flirt, locales: ['de', 'xx'] }, dirs, project.root);
    expect(!locale.ok && locale.problems.map((p) => p.field)).toEqual(['locales[1]']);
    const email = createSite({ ...flirt, supportEmail: 'nope' }, dirs, project.root);
    expect(!email.ok && email.problems.map((p) => p.field)).toEqual(['support_email']);
    expect(files()).toEqual([]);
  });

  it('refuses a domain another site has, even one whose file is broken now', () => {
    project.write('old.json', minimalTenant('old', 'flirt-berlin.de'));
    const taken = createSite(
      { ...flirt, domains: ['flirt.localhost', 'www.flirt-berlin.de'] },
      dirs,
      project.root,
    );
    expect(!taken.ok && taken.problems.map(formatProblem)).toEqual([
      'tenants/flirt.json: domains[1]: "flirt-berlin.de" is already served by tenants/old.json',
    ]);
    project.write('old.json', { ...minimalTenant('old', 'flirt-berlin.de'), niche: 'broken' });
    expect(createSite(flirt, dirs, project.root).ok).toBe(false);
    expect(files()).toEqual(['old.json']);
  });

  it('refuses to overwrite without --force, and replaces with it', () => {
    expect(createSite(flirt, dirs, project.root).ok).toBe(true);
    const again = createSite({ ...flirt, name: 'Other' }, dirs, project.root);
    expect(!again.ok && again.problems.map(formatProblem)).toEqual([
      'tenants/flirt-berlin.json: (file): already exists (pass --force to replace it, or --id to choose another id)',
    ]);
    expect(JSON.parse(readFileSync(join(project.dirs.tenantsDir, 'flirt-berlin.json'), 'utf8')).name).toBe(
      'Flirt Berlin',
    );
    // Its own domains do not count as taken when it is being replaced.
    const forced = createSite({ ...flirt, name: 'Other', force: true }, dirs, project.root);
    expect(forced.ok).toBe(true);
    expect(JSON.parse(readFileSync(join(project.dirs.tenantsDir, 'flirt-berlin.json'), 'utf8')).name).toBe(
      'Other',
    );
    expect(files()).toEqual(['flirt-berlin.json']);
  });

  it('takes an explicit id, and checks it', () => {
    expect(createSite({ ...flirt, id: 'berlin' }, dirs, project.root).ok).toBe(true);
    const bad = createSite({ ...flirt, id: 'Berlin!', domains: ['b.localhost'] }, dirs, project.root);
    expect(!bad.ok && bad.problems.map((p) => p.field)).toEqual(['id']);
    expect(files()).toEqual(['berlin.json']);
  });

  it('warns when domain_language is not a visible locale', () => {
    const result = createSite(
      { ...flirt, domains: ['flirt.localhost'], locales: ['de', 'en'], language: 'fr-FR' },
      dirs,
      project.root,
    );
    expect(result.ok && result.warnings).toEqual([
      'domain_language: "fr-FR" is not one of the visible locales (de, en)',
    ]);
  });
});
