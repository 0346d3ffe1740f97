import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { createStorage } from './factory.ts';

describe('the storage a server gets', () => {
  it('keeps files in DATA_DIR/uploads unless STORAGE_URL names a bucket', async () => {
    expect((await createStorage({ STORAGE_URL: '', dataDir: '/tmp/kindred' })).kind).toBe('local');
    expect(
      (await createStorage({ STORAGE_URL: 's3://k:s@127.0.0.1:9000/photos?tls=false', dataDir: '/tmp' }))
        .kind,
    ).toBe('s3');
  });

  it('refuses a STORAGE_URL that is no s3:// address, and a read replica without PostgreSQL', () => {
    expect(() => parseEnv({ STORAGE_URL: 'https://bucket.example/photos' })).toThrow(/STORAGE_URL/);
    expect(() => parseEnv({ DATABASE_READ_URL: 'postgres://replica/kindred' })).toThrow(/DATABASE_READ_URL/);
    expect(() =>
      parseEnv({ DATABASE_URL: 'postgres://primary/kindred', DATABASE_READ_URL: 'mysql://x/y' }),
    ).toThrow(/DATABASE_READ_URL/);
    expect(
      parseEnv({
        DATABASE_URL: 'postgres://primary/kindred',
        DATABASE_READ_URL: 'postgres://replica/kindred',
      }).DATABASE_READ_URL,
    ).toBe('postgres://replica/kindred');
  });
});
