import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeDatabase, migrateCommand } from './cli.ts';

describe('migrateCommand', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates once, then reports the schema as current, one line each', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const env = { DATABASE_URL: '', DATA_DIR: join(dir, 'data') };
      await migrateCommand(env);
      await migrateCommand(env);
      expect(log.mock.calls).toEqual([
        [`SQLite ${join(dir, 'data', 'kindred.sqlite')}: applied 1 migration (0001_initial)`],
        [`SQLite ${join(dir, 'data', 'kindred.sqlite')}: schema already up to date`],
      ]);
    } finally {
      log.mockRestore();
    }
  });

  it('never prints a password', () => {
    expect(describeDatabase({ DATABASE_URL: 'postgres://k:pw@db/k', DATA_DIR: '' })).toBe(
      'PostgreSQL postgres://k:***@db/k',
    );
  });
});
