import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, REPO_ROOT } from '../support/server.ts';
import { timeUntil } from '../support/polling.ts';
import { useServer } from '../support/use-server.ts';

/*
 * A live server and its tenant files: a new file is a new site, a broken edit keeps the last good
 * configuration, SIGHUP reloads. The tests share one server and change its private copy of
 * tenants/ in order.
 */

const app = useServer({ privateTenants: true });
/** Rainbow's file as last written in a valid form. */
let rainbowGood: Record<string, unknown> = {};

async function nameOf(host: string): Promise<string | number> {
  const res = await app.request('/api/settings.php', { host });
  return res.status === 200 ? res.json<{ settings: { name: string } }>().settings.name : res.status;
}

function tenantJson(name: string): Record<string, unknown> {
  return JSON.parse(app.tenants.read(name)) as Record<string, unknown>;
}

describe('a live server and its tenant files', () => {
  it('serves a new site within two seconds of its file appearing, without a restart', async () => {
    const host = 'fresh.localhost';
    expect(await nameOf(host)).toBe(404);
    const cli = join(REPO_ROOT, 'scripts', 'tenants.ts');
    if (existsSync(cli)) {
      const result = spawnSync(
        process.execPath,
        [
          cli,
          'new',
          '--domain',
          host,
          '--name',
          'Fresh Start',
          '--niche',
          'milf',
          '--locales',
          'nl,en',
          '--dir',
          app.tenants.dir,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, TENANTS_DIR: app.tenants.dir } },
      );
      expect(result.status, result.stdout + result.stderr).toBe(0);
    } else {
      const { invite_codes: _codes, campaigns: _campaigns, ...amber } = tenantJson('localhost.json');
      app.tenants.write('fresh.json', {
        ...amber,
        id: 'fresh',
        domains: [host],
        name: 'Fresh Start',
        niche: 'milf',
        network: 'fresh',
      });
    }
    const tookMs = await timeUntil(() => nameOf(host), 'Fresh Start', 2_000);
    expect(tookMs).toBeLessThan(2_000);
    const settings = (await app.request('/api/settings.php', { host })).json<{
      settings: { niche_name: string };
    }>();
    expect(settings.settings.niche_name).toBe('milf');
    // The server that serves it is the one started before the file existed.
    expect(app.server.output()).not.toMatch(/listening[\s\S]*listening/);
  });

  it('keeps the other sites serving while one is added', async () => {
    expect(await nameOf(DEMO.rainbow.host)).toBe(DEMO.rainbow.name);
    expect(await nameOf(DEMO.curvy.host)).toBe(DEMO.curvy.name);
  });

  it('picks up an edit to a live site', async () => {
    rainbowGood = { ...tenantJson('rainbow.json'), name: 'Rainbow Lane Two' };
    app.tenants.write('rainbow.json', rainbowGood);
    await timeUntil(() => nameOf(DEMO.rainbow.host), 'Rainbow Lane Two');
  });

  it('keeps a site on its last good configuration after a broken edit, and says why', async () => {
    app.tenants.write('rainbow.json', { ...rainbowGood, name: 'Rainbow Broken', niche: 'not-a-niche' });
    await app.server.waitForOutput(/tenants\/rainbow\.json: niche: /, 3_000);
    expect(await nameOf(DEMO.rainbow.host)).toBe('Rainbow Lane Two');
    const pageRes = await app.request('/', { host: DEMO.rainbow.host });
    expect(pageRes.status).toBe(200);
    expect(pageRes.body).toContain('Rainbow Lane Two');
    expect(pageRes.body).not.toContain('Rainbow Broken');
  });

  it('keeps a site serving when its file stops being JSON', async () => {
    app.tenants.write('rainbow.json', '{ "id": "rainbow", ');
    await app.server.waitForOutput(/tenants\/rainbow\.json: \(file\): is not valid JSON/, 3_000);
    expect(await nameOf(DEMO.rainbow.host)).toBe('Rainbow Lane Two');
  });

  it('recovers when the file is fixed', async () => {
    app.tenants.write('rainbow.json', { ...rainbowGood, name: 'Rainbow Lane Fixed' });
    await timeUntil(() => nameOf(DEMO.rainbow.host), 'Rainbow Lane Fixed');
  });

  it('reloads on SIGHUP', async () => {
    // The server watches its folder; a file reached through a link changes out of the watcher's
    // sight (as on some network filesystems), so only the signal can make the server see it.
    const outside = join(app.tenants.root, 'outside');
    mkdirSync(outside);
    const target = join(outside, 'mature.json');
    writeFileSync(target, app.tenants.read('mature.json'));
    rmSync(join(app.tenants.dir, 'mature.json'));
    symlinkSync(target, join(app.tenants.dir, 'mature.json'));
    await new Promise((r) => setTimeout(r, 500));
    expect(await nameOf(DEMO.silver.host)).toBe(DEMO.silver.name);

    writeFileSync(target, JSON.stringify({ ...tenantJson('mature.json'), name: 'Silver Sparks Reloaded' }));
    await new Promise((r) => setTimeout(r, 700));
    expect(await nameOf(DEMO.silver.host), 'the watcher saw the change: SIGHUP is not what is tested').toBe(
      DEMO.silver.name,
    );
    app.server.signal('SIGHUP');
    await timeUntil(() => nameOf(DEMO.silver.host), 'Silver Sparks Reloaded');
    // Still the same process, reloaded rather than restarted.
    expect(() => process.kill(app.server.pid, 0)).not.toThrow();
    expect(app.server.output()).not.toMatch(/exit|cannot start/i);
    expect(await nameOf(DEMO.amber.host)).toBe(DEMO.amber.name);
  });

  it('drops a site whose file is removed', async () => {
    rmSync(join(app.tenants.dir, 'fresh.json'));
    await timeUntil(() => nameOf('fresh.localhost'), 404);
  });
});
