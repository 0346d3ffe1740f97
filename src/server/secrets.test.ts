import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../../tests/support/temp-dirs.ts';
import { loadAppSecret, writeSecretOnce } from './secrets.ts';

const tempDir = tempDirs('kindred-secret-', afterEach);

describe('the generated app secret', () => {
  it('is generated once into DATA_DIR and read back by the next start', () => {
    const dir = tempDir();
    const first = loadAppSecret(undefined, dir);
    expect(first).toHaveLength(32);
    expect(loadAppSecret(undefined, dir).equals(first)).toBe(true);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('is the first writer’s for a process that lost the race to write it', () => {
    // Two processes started together on one DATA_DIR both find no file and both write one.
    const dir = tempDir();
    const file = join(dir, 'secret');
    const winner = Buffer.alloc(32, 1);
    expect(writeSecretOnce(file, winner).equals(winner)).toBe(true);
    expect(writeSecretOnce(file, Buffer.alloc(32, 2)).equals(winner)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(`${winner.toString('hex')}\n`);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('comes from APP_SECRET when set, writing nothing', () => {
    const dir = tempDir();
    expect(loadAppSecret('x'.repeat(32), dir).toString()).toBe('x'.repeat(32));
    expect(readdirSync(dir)).toEqual([]);
  });
});
