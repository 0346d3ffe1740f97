import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { ConfigError, formatProblem, parseTenantFile, TenantRegistry } from './registry.ts';
import {
  eventually,
  minimalTenant,
  recordingLogger,
  tempProject,
  type TempProject,
} from './cli/test-support.ts';

let project: TempProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => {
  project.remove();
});

function loadError(): ConfigError {
  try {
    TenantRegistry.load(project.dirs, recordingLogger());
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected the load to fail');
}

describe('a tenant file', () => {
  it('needs only id, domains, name and niche; everything else comes from the defaults', () => {
    project.write('x.json', { id: 'x', domains: ['x.example'], name: 'X', niche: 'gay' });
    const site = TenantRegistry.load(project.dirs, recordingLogger()).snapshot.sites.get('x')!;
    expect(site.network).toBe('x');
    expect(site.theme.id).toBe('amber');
    expect(site.locales).toEqual([...LOCALES]);
    expect(site.locales).toHaveLength(11);
    expect(site.limits).toMatchObject({
      minAge: 18,
      freePhotos: 3,
      premiumPhotos: 25,
      freeConversations: 2,
      swipeLikesPerDay: 4,
      likesPerDay: 100,
    });
    expect(site.refundDays).toBe(14);
    expect(site.prices.welcomeDiscountPercentage).toBe(25);
    expect(site.primaryDomain).toBe('x.example');
    expect(site.nicheConfig.id).toBe('gay');
    expect(site.supportEmail).toBe('support@x.example');
    expect(site.mailFrom).toBe('no-reply@x.example');
  });

  it('names the file, the field and the reason of a bad value', () => {
    const path = project.write('x.json', { ...minimalTenant('x'), domains: ['https://x.example/'] });
    const result = parseTenantFile(path, project.root);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map(formatProblem)).toEqual([
      'tenants/x.json: domains[0]: a host name without scheme, port or path (e.g. example.com)',
    ]);
  });

  it('names each misspelt field itself, however deep', () => {
    const path = project.write('x.json', { ...minimalTenant('x'), nmae: 'X', limits: { free_photo: 3 } });
    const result = parseTenantFile(path, project.root);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.problems.map(formatProblem);
    expect(lines).toContain('tenants/x.json: nmae: is not a known field (misspelt, or in the wrong place?)');
    expect(lines).toContain(
      'tenants/x.json: limits.free_photo: is not a known field (misspelt, or in the wrong place?)',
    );
  });

  it('says what a valid record key looks like', () => {
    const path = project.write('x.json', {
      ...minimalTenant('x'),
      prices: { currency_by_country: { de: 'EUR' } },
    });
    const result = parseTenantFile(path, project.root);
    expect(!result.ok && result.problems.map(formatProblem)).toEqual([
      'tenants/x.json: prices.currency_by_country.de: is not a valid key: a two-letter country code like NL',
    ]);
  });

  it('reports a file that is not JSON', () => {
    const path = project.write('x.json', '{ "id": "x", ');
    const result = parseTenantFile(path, project.root);
    expect(!result.ok && result.problems[0]).toMatchObject({ file: 'tenants/x.json', field: '' });
    expect(!result.ok && result.problems[0]!.reason).toMatch(/^is not valid JSON/);
  });

  it('must carry the id of its file name', () => {
    project.write('x.json', minimalTenant('y'));
    const error = loadError();
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ field: 'id', reason: 'must be "x", the file\'s name' });
    expect(error.problems[0]!.file).toMatch(/tenants\/x\.json$/);
  });
});

describe('TenantRegistry.load', () => {
  it('refuses a domain claimed by two files, naming both', () => {
    project.write('a.json', minimalTenant('a', 'shared.example'));
    project.write('b.json', { ...minimalTenant('b'), domains: ['b.example', 'Shared.Example'] });
    const error = loadError();
    expect(error.problems).toHaveLength(1);
    const [problem] = error.problems;
    expect(problem!.file).toMatch(/tenants\/b\.json$/);
    expect(problem!.field).toBe('domains[1]');
    expect(problem!.reason).toMatch(/"shared\.example" is already served by .*tenants\/a\.json$/);
  });

  it("refuses a site whose id is another network's name, naming both", () => {
    project.write('amber.json', minimalTenant('amber'));
    project.write('rainbow.json', { ...minimalTenant('rainbow'), network: 'amber' });
    const error = loadError();
    expect(error.problems).toHaveLength(1);
    expect(formatProblem(error.problems[0]!)).toMatch(
      /tenants\/amber\.json: id: "amber" is also the network of .*tenants\/rainbow\.json; /,
    );
  });

  it('refuses the id even when the site names a network of its own', () => {
    project.write('amber.json', { ...minimalTenant('amber'), network: 'solo' });
    project.write('rainbow.json', { ...minimalTenant('rainbow'), network: 'amber' });
    expect(loadError().problems[0]).toMatchObject({ field: 'id' });
  });

  it('lets a site join the network of its own name on purpose', () => {
    project.write('amber.json', { ...minimalTenant('amber'), network: 'amber' });
    project.write('rainbow.json', { ...minimalTenant('rainbow'), network: 'amber' });
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    expect(registry.sitesOfNetwork('amber').map((s) => s.id)).toEqual(['amber', 'rainbow']);
    registry.close();
  });

  it('refuses an unknown theme', () => {
    project.write('a.json', { ...minimalTenant('a'), theme: 'neon' });
    expect(loadError().problems[0]).toMatchObject({ field: 'theme' });
    expect(loadError().problems[0]!.reason).toMatch(/^"neon" is not a theme \(known: amber, midnight\)$/);
  });

  it('lists every bad file at once', () => {
    project.write('a.json', { ...minimalTenant('a'), niche: 'nope' });
    project.write('b.json', { ...minimalTenant('b'), name: '' });
    const fields = loadError().problems.map((p) => `${p.file.split('/').pop()} ${p.field}`);
    expect(fields).toEqual(['a.json niche', 'b.json name']);
  });

  it('resolves hosts however the browser spells them', () => {
    project.write('a.json', minimalTenant('a', 'a.example'));
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    expect(registry.resolveHost('WWW.A.Example:443')?.id).toBe('a');
    expect(registry.resolveHost('a.example.')?.id).toBe('a');
    expect(registry.resolveHost('b.example')).toBeUndefined();
    expect(registry.resolveHost(undefined)).toBeUndefined();
  });

  it('ignores hidden and temporary files in the folder', () => {
    project.write('a.json', minimalTenant('a'));
    project.write('.b.json', 'half a file');
    project.write('.c.json.123.tmp', 'half a file');
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    expect([...registry.snapshot.sites.keys()]).toEqual(['a']);
  });
});

describe('TenantRegistry.reloadFiles', () => {
  it('reads only the named files, keeps the other sites as they were, and drops a named file that is gone', () => {
    project.write('a.json', minimalTenant('a'));
    const b = project.write('b.json', minimalTenant('b'));
    const logger = recordingLogger();
    const registry = TenantRegistry.load(project.dirs, logger);
    const siteA = registry.snapshot.sites.get('a');

    project.write('b.json', { ...minimalTenant('b'), name: 'B2' });
    project.write('c.json', minimalTenant('c'));
    expect(registry.reloadFiles(['b.json', '.b.json.swp'])).toEqual({ changed: true, problems: [] });
    expect(registry.resolveHost('b.localhost')?.name).toBe('B2');
    // Not named, so not read yet; the whole folder is read by reload() (SIGHUP).
    expect(registry.resolveHost('c.localhost')).toBeUndefined();
    // An unchanged site keeps its object, and with it what is cached for it.
    expect(registry.snapshot.sites.get('a')).toBe(siteA);
    expect(logger.infos.at(-1)).toBe('tenants reloaded: changed b; 2 sites');

    rmSync(b);
    expect(registry.reloadFiles(['b.json', 'c.json']).changed).toBe(true);
    expect(registry.resolveHost('b.localhost')).toBeUndefined();
    expect(registry.resolveHost('c.localhost')?.id).toBe('c');
    expect(logger.infos.at(-1)).toBe('tenants reloaded: added c; removed b; 2 sites');
    expect(registry.reloadFiles(['a.json']).changed).toBe(false);
  });

  it('says when the sites were built, and when each file in use was read', async () => {
    project.write('a.json', minimalTenant('a'));
    project.write('b.json', minimalTenant('b'));
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    const started = registry.loadedAt;
    const fileA = registry.snapshot.sites.get('a')!.file;
    const fileB = registry.snapshot.sites.get('b')!.file;
    expect(registry.fileLoadedAt(fileA)).toBe(started);
    await new Promise((r) => setTimeout(r, 5));

    project.write('b.json', { ...minimalTenant('b'), name: 'B2' });
    registry.reloadFiles(['a.json', 'b.json']);
    expect(registry.loadedAt).toBeGreaterThan(started);
    // A file read again with the same bytes keeps its time.
    expect(registry.fileLoadedAt(fileA)).toBe(started);
    expect(registry.fileLoadedAt(fileB)).toBe(registry.loadedAt);
  });
});

describe('TenantRegistry.reload', () => {
  it('brings a new file live, keeps the last good site on a broken edit, and drops a removed file', () => {
    project.write('a.json', minimalTenant('a'));
    const logger = recordingLogger();
    const registry = TenantRegistry.load(project.dirs, logger);
    const versions = [registry.snapshot.version];

    // A new file goes live.
    const b = project.write('b.json', minimalTenant('b'));
    expect(registry.reload()).toEqual({ changed: true, problems: [] });
    expect(registry.resolveHost('b.localhost')?.id).toBe('b');
    versions.push(registry.snapshot.version);

    // A broken edit keeps the last good configuration of that site, and says why.
    project.write('a.json', { ...minimalTenant('a'), name: 'Renamed', domains: ['not a host'] });
    const broken = registry.reload();
    expect(broken.changed).toBe(false);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]).toMatchObject({ field: 'domains[0]' });
    expect(registry.resolveHost('a.localhost')?.name).toBe('Site a');
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toMatch(
      /tenants\/a\.json: domains\[0\]: a host name without scheme.*keeping the last good configuration/,
    );

    // The other sites still take edits meanwhile.
    project.write('b.json', { ...minimalTenant('b'), name: 'B2' });
    expect(registry.reload().changed).toBe(true);
    expect(registry.resolveHost('b.localhost')?.name).toBe('B2');
    expect(registry.resolveHost('a.localhost')?.name).toBe('Site a');

    // The fixed edit goes live.
    project.write('a.json', { ...minimalTenant('a'), name: 'Renamed' });
    expect(registry.reload().changed).toBe(true);
    expect(registry.resolveHost('a.localhost')?.name).toBe('Renamed');

    // A removed file removes its site.
    rmSync(b);
    expect(registry.reload().changed).toBe(true);
    expect(registry.resolveHost('b.localhost')).toBeUndefined();
    expect([...registry.snapshot.sites.keys()]).toEqual(['a']);
    versions.push(registry.snapshot.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
  });

  it('keeps the whole previous configuration when a new file claims a served domain', () => {
    project.write('a.json', minimalTenant('a'));
    const logger = recordingLogger();
    const registry = TenantRegistry.load(project.dirs, logger);
    const before = registry.snapshot;
    project.write('b.json', { ...minimalTenant('b'), domains: ['a.localhost'] });
    const result = registry.reload();
    expect(result.changed).toBe(false);
    expect(registry.snapshot).toBe(before);
    expect(registry.resolveHost('a.localhost')?.id).toBe('a');
    expect(logger.errors.join('\n')).toMatch(
      /tenants\/(a|b)\.json: domains\[0\]: "a\.localhost" is already served by .*tenants\/(a|b)\.json/,
    );
  });

  it('does not announce a change when nothing changed', () => {
    project.write('a.json', minimalTenant('a'));
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    let calls = 0;
    registry.onChange(() => calls++);
    expect(registry.reload().changed).toBe(false);
    project.write('a.json', { ...minimalTenant('a'), name: 'New' });
    registry.reload();
    expect(calls).toBe(1);
  });

  it('reloads on SIGHUP once watching', () => {
    project.write('a.json', minimalTenant('a'));
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    registry.watch();
    try {
      project.write('b.json', minimalTenant('b'));
      process.emit('SIGHUP', 'SIGHUP');
      expect(registry.resolveHost('b.localhost')?.id).toBe('b');
    } finally {
      registry.close();
    }
  });
});

describe('TenantRegistry.watch', () => {
  it('serves a new file within a second, without a signal', async () => {
    project.write('a.json', minimalTenant('a'));
    const registry = TenantRegistry.load(project.dirs, recordingLogger());
    registry.watch();
    try {
      writeFileSync(join(project.dirs.tenantsDir, 'b.json'), JSON.stringify(minimalTenant('b')));
      await eventually(() => registry.resolveHost('b.localhost')?.id === 'b', 1000);
    } finally {
      registry.close();
    }
  });

  it('keeps serving the last good site while a file is broken, and takes the fix', async () => {
    project.write('a.json', minimalTenant('a'));
    const logger = recordingLogger();
    const registry = TenantRegistry.load(project.dirs, logger);
    registry.watch();
    try {
      project.write('a.json', '{ "id": "a", "domains": [');
      await eventually(() => logger.errors.length > 0, 1000);
      expect(registry.resolveHost('a.localhost')?.id).toBe('a');
      project.write('a.json', { ...minimalTenant('a'), name: 'Fixed' });
      await eventually(() => registry.resolveHost('a.localhost')?.name === 'Fixed', 1000);
    } finally {
      registry.close();
    }
  });
});
