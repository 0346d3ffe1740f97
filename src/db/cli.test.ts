import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeDatabase, migrateCommand } from './cli.ts';
import { migrations } from './migrations/index.ts';

describe('migrateCommand', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates once, then reports the schema as current, one line each', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // Every migration there is, in order: the list grows with the product.
    const names = Object.keys(migrations);
    try {
      const env = { DATABASE_URL: '', DATA_DIR: join(dir, 'data') };
      await migrateCommand(env);
      await migrateCommand(env);
      expect(log.mock.calls).toEqual([
        [
          `SQLite ${join(dir, 'data', 'kindred.sqlite')}: applied ${names.length} migration${names.length === 1 ? '' : 's'} (${names.join(', ')})`,
        ],
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
