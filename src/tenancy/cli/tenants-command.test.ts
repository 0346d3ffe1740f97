import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, tempProject, type TempProject } from './test-support.ts';

/** Runs `scripts/tenants.ts` as the operator does, from the project root. */
function tenants(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts/tenants.ts'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TENANTS_DIR: '', PORT: '', PUBLIC_PORT: '', PUBLIC_SCHEME: '', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let project: TempProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.remove());

describe('npm run tenants', { timeout: 30_000 }, () => {
  it('check passes the shipped tenants', () => {
    const run = tenants(['check']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ok: \d+ sites \((?=.*curvy)(?=.*localhost)(?=.*mature)(?=.*rainbow).*\)\n$/);
    expect(run.code).toBe(0);
  });

  it('new then check passes, and prints the file and the URL to open', () => {
    const dir = project.dirs.tenantsDir;
    const created = tenants([
      'new',
      '--dir',
      dir,
      '--domain',
      'gay.localhost',
      '--name',
      'Gay Days',
      '--niche',
      'gay',
      '--locales',
      'de,en',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^wrote .*tenants\/gay\.json$/m);
    expect(created.stdout).toMatch(/^open http:\/\/gay\.localhost:4321\/$/m);
    expect(readdirSync(dir)).toEqual(['gay.json']);

    const checked = tenants(['check', '--dir', dir]);
    expect(checked).toEqual({ code: 0, stdout: 'ok: 1 site (gay)\n', stderr: '' });
    // TENANTS_DIR is the default folder when --dir is not given.
    expect(tenants(['check'], { TENANTS_DIR: dir }).stdout).toBe('ok: 1 site (gay)\n');
  });

  it('new with a bad niche fails without writing a file', () => {
    const run = tenants([
      'new',
      '--dir',
      project.dirs.tenantsDir,
      '--domain',
      'x.localhost',
      '--name',
      'X',
      '--niche',
      'romance',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/tenants\/x\.json: niche: Invalid option/);
    expect(run.stderr).toMatch(/nothing was written/);
    expect(existsSync(join(project.dirs.tenantsDir, 'x.json'))).toBe(false);
    expect(readdirSync(project.dirs.tenantsDir)).toEqual([]);
  });

  it('check prints one line per problem and exits 1', () => {
    project.write('a.json', { id: 'b', domains: ['a.localhost'], name: 'A', niche: 'gay' });
    const run = tenants(['check', '--dir', project.dirs.tenantsDir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/tenants\/a\.json: id: must be "a", the file's name$/),
    ]);
  });

  it('explains itself on --help and on bad flags', () => {
    expect(tenants(['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: npm run tenants -- <command>/),
    });
    expect(tenants(['new', '--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/--niche NICHE\s+general, she, bdsm/),
    });
    expect(tenants(['new', '--help']).stdout).toMatch(/amber\s+Amber/);
    const unknown = tenants(['new', '--domian', 'x.localhost']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--domian'/);
    expect(unknown.stderr).toMatch(/Usage: npm run tenants -- new/);
    const missing = tenants(['new', '--domain', 'x.localhost']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing --name, --niche/);
    expect(tenants(['frobnicate'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown command "frobnicate"/),
    });
  });

  it('schema --check agrees with the committed schemas', () => {
    expect(tenants(['schema', '--check'])).toEqual({
      code: 0,
      stdout: 'ok: schemas are up to date\n',
      stderr: '',
    });
  });
});
