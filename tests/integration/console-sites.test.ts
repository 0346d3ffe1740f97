import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DomainCheck, SiteHealth, SitesAnswer } from '../../src/features/sites-console/sites.schemas.ts';
import { timeUntil } from '../support/polling.ts';
import { useServer } from '../support/use-server.ts';
import { addDirectly, logIn } from './console-support.ts';

/*
 * The console's sites (docs/console.md "Sites"): the tenant files of the caller's networks with
 * the checker's findings (broken files too), the domains checked from the server, and the form
 * that writes a new tenant file by the rules of `tenants new`, which the server then serves.
 */
const app = useServer({ privateTenants: true });

async function sites(visitor: Awaited<ReturnType<typeof logIn>>): Promise<SitesAnswer> {
  const res = await visitor.get('/console/api/sites.php');
  expect(res.status, res.body).toBe(200);
  return res.json<SitesAnswer>();
}

const byId = (answer: SitesAnswer, id: string): SiteHealth | undefined =>
  answer.sites.find((s) => s.id === id);

async function settingsName(host: string): Promise<string | number> {
  const res = await app.request('/api/settings.php', { host });
  return res.status === 200 ? res.json<{ settings: { name: string } }>().settings.name : res.status;
}

describe('the sites of the console', () => {
  it('lists the sites of the caller’s networks with their health; owners of every network see all', async () => {
    const everything = await sites(await logIn(app, await addDirectly(app, 'owner')));
    expect(everything.sites.map((s) => s.id)).toEqual(['curvy', 'localhost', 'mature', 'rainbow']);
    expect(Date.parse(everything.loaded_at)).toBeGreaterThan(0);
    const curvy = byId(everything, 'curvy')!;
    expect(curvy).toMatchObject({
      network: 'curvy',
      domains: ['curvy.localhost'],
      valid: true,
      served: true,
      file: 'tenants/curvy.json',
    });
    expect(curvy.theme).toBeTruthy();
    expect(curvy.niche).toBeTruthy();
    expect(curvy.languages.length).toBeGreaterThan(0);
    expect(Date.parse(curvy.loaded_at!)).toBeGreaterThan(0);

    const moderator = await sites(await logIn(app, await addDirectly(app, 'moderator', 'curvy')));
    expect(moderator.sites.map((s) => s.id)).toEqual(['curvy']);
    expect(moderator.other_findings).toEqual([]);
    const host = await logIn(app, await addDirectly(app, 'host', 'amber'));
    expect((await sites(host)).sites.map((s) => s.id)).toEqual(['localhost', 'mature', 'rainbow']);
    // Domains of another network's site are not checked for them.
    expect((await host.get('/console/api/sites-check.php?site=curvy')).status).toBe(404);
    expect((await host.get('/console/sites')).status).toBe(200);
  });

  it('shows a tenant file that fails to load, with the checker’s findings', async () => {
    app.tenants.write('halfway.json', {
      id: 'halfway',
      name: 'Halfway',
      network: 'amber',
      domains: ['halfway.localhost'],
      niche: 'no-such-niche',
    });
    // A bad edit of a served site: the server keeps its last good version.
    const rainbow = app.tenants.read('rainbow.json');
    writeFileSync(join(app.tenants.dir, 'rainbow.json'), '{ "id": "rainbow", ');
    try {
      const owner = await logIn(app, await addDirectly(app, 'owner', 'amber'));
      const answer = await sites(owner);
      const halfway = byId(answer, 'halfway')!;
      expect(halfway).toMatchObject({
        valid: false,
        served: false,
        network: 'amber',
        name: 'Halfway',
        loaded_at: null,
      });
      expect(halfway.findings.some((f) => f.level === 'problem' && f.field === 'niche')).toBe(true);
      const broken = byId(answer, 'rainbow')!;
      expect(broken).toMatchObject({ valid: false, served: true, network: 'amber' });
      expect(broken.findings[0]).toMatchObject({ level: 'problem' });
      // Not another network's.
      const curvy = await logIn(app, await addDirectly(app, 'owner', 'curvy'));
      expect(byId(await sites(curvy), 'halfway')).toBeUndefined();
    } finally {
      writeFileSync(join(app.tenants.dir, 'rainbow.json'), rainbow);
      app.tenants.write('halfway.json', {
        ...JSON.parse(app.tenants.read('halfway.json')),
        niche: 'general',
      });
    }
  });

  it('checks that a site’s domains resolve and answer as that site', async () => {
    const owner = await logIn(app, await addDirectly(app, 'owner', 'curvy'));
    const res = await owner.get('/console/api/sites-check.php?site=curvy');
    expect(res.status, res.body).toBe(200);
    const [check] = res.json<{ domains: DomainCheck[] }>().domains;
    expect(check).toMatchObject({
      domain: 'curvy.localhost',
      resolves: true,
      routed: true,
      answers: true,
      status: 200,
    });
  });

  it('writes a new tenant file that the server serves within seconds, audited', async () => {
    const login = await addDirectly(app, 'owner', 'amber');
    const owner = await logIn(app, login);
    const res = await owner.send('POST', '/console/api/sites.php', {
      domains: 'fresh-console.localhost',
      name: 'Fresh Console',
      niche: 'general',
      network: 'amber',
      locales: 'de, en',
      countries: 'DE',
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json().site).toMatchObject({
      id: 'fresh-console',
      file: 'tenants/fresh-console.json',
      needs_dns: [],
    });
    const file = JSON.parse(readFileSync(join(app.tenants.dir, 'fresh-console.json'), 'utf8'));
    expect(file).toMatchObject({
      id: 'fresh-console',
      domains: ['fresh-console.localhost'],
      network: 'amber',
      locales: ['de', 'en'],
    });
    await timeUntil(() => settingsName('fresh-console.localhost'), 'Fresh Console', 2_500);
    expect(byId(await sites(owner), 'fresh-console')).toMatchObject({ valid: true, served: true });

    const audit = await app.inspect.rows('audit_log', { action: 'site.create', target_id: 'fresh-console' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ network_id: 'amber', target_type: 'site' });

    // The same id again, and another's domain: refused, nothing written, no entry.
    for (const body of [
      { domains: 'other-name.localhost', id: 'fresh-console', name: 'X', niche: 'general', network: 'amber' },
      { domains: 'rainbow.localhost', id: 'stolen', name: 'X', niche: 'general', network: 'amber' },
      { domains: 'ok.localhost', id: 'Not Valid!', name: 'X', niche: 'general', network: 'amber' },
    ]) {
      const refused = await owner.send('POST', '/console/api/sites.php', body);
      expect(refused.status, refused.body).toBe(422);
      expect(refused.json().error).toBe('site_invalid');
      const { problems } = refused.json<{ problems: Array<{ reason: string }> }>();
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.map((p) => p.reason).join(' ')).not.toContain('--force');
    }
    expect(existsSync(join(app.tenants.dir, 'stolen.json'))).toBe(false);
    expect(await app.inspect.rows('audit_log', { action: 'site.create' })).toHaveLength(1);
  });

  it('lets only owners write a site, and only in their networks', async () => {
    const body = { domains: 'nope.localhost', name: 'Nope', niche: 'general', network: 'amber' };
    for (const role of ['moderator', 'support', 'host'] as const) {
      const visitor = await logIn(app, await addDirectly(app, role, 'amber'));
      const res = await visitor.send('POST', '/console/api/sites.php', body);
      expect(res.status, role).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
    const curvyOwner = await logIn(app, await addDirectly(app, 'owner', 'curvy'));
    expect((await curvyOwner.send('POST', '/console/api/sites.php', body)).status).toBe(403);
    // Without a network the site opens one of its own: only for an owner of every network.
    const { network: _, ...ownPool } = body;
    expect((await curvyOwner.send('POST', '/console/api/sites.php', ownPool)).status).toBe(403);
    expect(existsSync(join(app.tenants.dir, 'nope.json'))).toBe(false);
  });
});
