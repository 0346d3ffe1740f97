import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_SITES } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/** The niche numbers of the spec, in its order. */
const NICHE_NUMBERS: Record<string, number> = {
  general: 1,
  she: 2,
  bdsm: 3,
  bbw: 4,
  gilf: 5,
  milf: 6,
  gay: 7,
};

type Settings = Record<string, unknown> & {
  name: string;
  niche: number;
  niche_name: string;
  locales: string[];
};

const app = useServer();

async function settingsOf(host: string, query = ''): Promise<Settings> {
  const res = await app.request(`/api/settings.php${query}`, { host });
  expect(res.status, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<{ settings: Settings }>().settings;
}

/** Every key anywhere in a JSON value, with its path. */
function keysOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [`${path}.${k}`, ...keysOf(v, `${path}.${k}`)]);
  }
  return [];
}

describe('GET /api/settings.php', () => {
  it.each(DEMO_SITES)('shows $host its own name, niche and locales', async (site) => {
    const settings = await settingsOf(site.host);
    expect(settings.name).toBe(site.name);
    expect(settings.niche_name).toBe(site.niche);
    expect(settings.niche).toBe(NICHE_NUMBERS[site.niche]);
    expect(Array.isArray(settings.locales)).toBe(true);
    expect(settings.locales.length).toBeGreaterThan(0);
    expect(settings.domain).toBe(site.host);
  });

  it('shows a site the locales its tenant file lists', async () => {
    expect((await settingsOf(DEMO.curvy.host)).locales).toEqual(['de', 'en', 'nl']);
  });

  it.each(DEMO_SITES)('tells $host nothing secret', async (site) => {
    const res = await app.request('/api/settings.php', { host: site.host });
    const keys = keysOf(res.json());
    expect(
      keys.filter((k) =>
        /invite_codes|campaigns|private_?key|secret|password|api_?key|vapid_private/i.test(k),
      ),
    ).toEqual([]);
    // The demo tenant's invite code and campaign parameters must not leak under another name.
    expect(res.body).not.toContain('AMBER-FRIENDS');
    expect(res.body).not.toContain('summer-campaign');
    expect(res.body).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
  });

  it('selects another site with the domain parameter', async () => {
    const settings = await settingsOf(DEMO.amber.host, `?domain=${DEMO.curvy.host}`);
    expect(settings.name).toBe(DEMO.curvy.name);
    expect(settings.niche_name).toBe('bbw');
    expect(settings.domain).toBe(DEMO.curvy.host);
  });

  it('folds case, port and www. in the domain parameter', async () => {
    const settings = await settingsOf(DEMO.amber.host, '?domain=WWW.Rainbow.Localhost:8080');
    expect(settings.name).toBe(DEMO.rainbow.name);
  });

  it('answers 404 not_found for an unknown domain', async () => {
    const res = await app.request('/api/settings.php?domain=nowhere.example', { host: DEMO.amber.host });
    expect(res.status).toBe(404);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('not_found');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });
});

describe('settings of two networks', () => {
  it('keep each site to its own company, contact and keys', async () => {
    const amber = await settingsOf(DEMO.rainbow.host);
    const curvy = await settingsOf(DEMO.curvy.host);
    for (const field of ['name', 'support_email', 'company_id', 'push_public_key', 'niche']) {
      expect(amber[field], field).toBeDefined();
      expect(curvy[field], field).toBeDefined();
      expect(amber[field], field).not.toEqual(curvy[field]);
    }
    const curvyText = JSON.stringify(curvy);
    for (const leak of [DEMO.amber.name, DEMO.rainbow.name, DEMO.silver.name, String(amber.support_email)]) {
      expect(curvyText).not.toContain(leak);
    }
    const amberText = JSON.stringify(amber);
    expect(amberText).not.toContain(DEMO.curvy.name);
    expect(amberText).not.toContain(String(curvy.support_email));
  });

  it('answer the same for a site whether asked by Host or by domain', async () => {
    const byHost = await settingsOf(DEMO.curvy.host);
    const byDomain = await settingsOf(DEMO.rainbow.host, `?domain=${DEMO.curvy.host}`);
    expect(byDomain.name).toBe(byHost.name);
    expect(byDomain.company_id).toBe(byHost.company_id);
    expect(byDomain.push_public_key).toBe(byHost.push_public_key);
  });
});
