import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

const app = useServer();

/** A file as a feature stores it: through the platform's storage, under DATA_DIR/uploads. */
function stored(key: string, content: string): void {
  const path = join(app.server.dataDir, 'uploads', key);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

describe('/media/…', () => {
  it('streams a stored photo of the site’s network, cached an hour at most', async () => {
    stored('amber/k2/m3d1a0-main.webp', 'webp bytes');
    const response = await app.server.request('/media/amber/k2/m3d1a0-main.webp', {
      host: DEMO.rainbow.host,
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('webp bytes');
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-length']).toBe('10');
    expect(response.headers['cache-control']).toBe('public, max-age=3600, s-maxage=60');
  });

  it('is 404 for another network’s file, a missing file, and anything not a photo key', async () => {
    stored('curvy/k2/c0ffee-main.webp', 'curvy bytes');
    stored('amber/k2/notes.txt', 'not a photo');
    for (const path of [
      '/media/curvy/k2/c0ffee-main.webp',
      '/media/amber/k2/missing0-main.webp',
      '/media/amber/k2/notes.txt',
      '/media/amber/k2/../../kindred.sqlite',
      '/media/amber/k2/%2e%2e%2fsecret-main.webp',
    ])
      expect((await app.server.request(path, { host: DEMO.amber.host })).status, path).toBe(404);
    expect(
      (await app.server.request('/media/curvy/k2/c0ffee-main.webp', { host: DEMO.curvy.host })).status,
    ).toBe(200);
  });
});
