import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStorageKey, StorageKeyError } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

const dir = mkdtempSync(join(tmpdir(), 'kindred-storage-'));
const root = join(dir, 'uploads');
const storage = createLocalStorage(root);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('storage keys', () => {
  it('accept the relative paths features make up', () => {
    for (const key of ['amber/ab/k3x9-main.webp', 'a', 'net-1/00/file_2.v1.webp'])
      expect(isStorageKey(key), key).toBe(true);
  });

  it('refuse anything that could leave the root or mean something else', () => {
    for (const key of [
      '',
      '/etc/passwd',
      '../secret',
      'amber/../../secret',
      'amber/./x.webp',
      'amber//x.webp',
      'amber/x.webp/',
      '.hidden',
      'amber/.x',
      'a..b',
      'Amber/x.webp',
      'amber\\..\\x',
      'amber/x%2e%2e',
      'amber/x\u0000.webp',
      'c:/x',
      'x'.repeat(600),
    ])
      expect(isStorageKey(key), JSON.stringify(key)).toBe(false);
  });
});

describe('the local file storage', () => {
  it('puts, reads, streams and removes a file by its key', async () => {
    const key = 'amber/ab/k3x9-main.webp';
    await storage.put(key, new TextEncoder().encode('image bytes'));
    expect(existsSync(join(root, 'amber', 'ab', 'k3x9-main.webp'))).toBe(true);
    expect(new TextDecoder().decode(await storage.read(key))).toBe('image bytes');
    const file = await storage.stream(key);
    expect(file?.size).toBe(11);
    expect(await text(file!.body)).toBe('image bytes');
    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
    expect(await storage.stream(key)).toBeUndefined();
    // Erasure may run twice.
    await storage.remove(key);
  });

  it('replaces a file whole', async () => {
    await storage.put('r/one', new TextEncoder().encode('first, longer version'));
    await storage.put('r/one', new TextEncoder().encode('second'));
    expect(new TextDecoder().decode(await storage.read('r/one'))).toBe('second');
  });

  it('never touches a path outside its root, whatever the key', async () => {
    writeFileSync(join(dir, 'secret'), 'keep');
    await expect(storage.read('../secret')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.stream('../secret')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.remove('../secret')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.put('../secret', new Uint8Array(1))).rejects.toBeInstanceOf(StorageKeyError);
    expect(existsSync(join(dir, 'secret'))).toBe(true);
  });

  it('answers undefined for a folder or a missing file', async () => {
    await storage.put('f/inside', new Uint8Array(1));
    expect(await storage.stream('f')).toBeUndefined();
    expect(await storage.read('f')).toBeUndefined();
    expect(await storage.read('missing/file')).toBeUndefined();
  });
});
