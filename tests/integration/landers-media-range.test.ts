import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The video lander's clip is served with HTTP Range requests (RFC 9110 §14), as video players
 * ask for them: one range answers 206 with exactly those bytes, a range past the end 416, and a
 * header the server does not take (invalid, another unit, several ranges) the whole file.
 */

const app = useServer();
const BYTES = '0123456789abcdefghij';
let clip: string;

beforeAll(async () => {
  const member = await app.make.loggedIn();
  await app.make.updateProfile(member, { public_consent: 1 });
  await app.make.photo(member, { dataDir: app.server.dataDir });
  const dir = join(app.server.dataDir, 'media', 'landers', DEMO.amber.id);
  mkdirSync(dir, { recursive: true });
  const hash = Date.now().toString(16).padStart(12, '0').slice(-12);
  clip = `video-${hash}.webm`;
  writeFileSync(join(dir, clip), BYTES);
  writeFileSync(join(dir, `poster-${hash}.webp`), 'poster');
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      video: clip,
      poster: `poster-${hash}.webp`,
      width: 480,
      height: 480,
      createdAt: Date.now(),
      profiles: [member.profileId],
    }),
  );
});

const get = (range?: string) =>
  app.request(`/landers/media/${clip}`, { headers: range === undefined ? {} : { range } });

describe('lander clips and Range requests', () => {
  it('answer the whole file without a Range, saying that ranges are served', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toBe(BYTES);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(BYTES.length));
  });

  it.each([
    ['bytes=0-4', 0, 4],
    ['bytes=5-', 5, 19],
    ['bytes=-3', 17, 19],
    ['bytes=15-99', 15, 19],
    ['bytes=2-3,4-6', 2, 6],
    ['bytes= 1-2 ', 1, 2],
  ])('answer %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get(range);
    expect(res.status).toBe(206);
    expect(res.body).toBe(BYTES.slice(start, end + 1));
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${BYTES.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/webm');
  });

  it.each(['bytes=20-', 'bytes=30-40', 'bytes=-0'])('answer %s, past the end, with 416', async (range) => {
    const res = await get(range);
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${BYTES.length}`);
  });

  it.each(['bytes=4-2', 'bytes=x-3', 'items=0-4', 'bytes=0-1,5-6', 'bytes='])(
    'answer %s with the whole file',
    async (range) => {
      const res = await get(range);
      expect(res.status).toBe(200);
      expect(res.body).toBe(BYTES);
    },
  );
});
