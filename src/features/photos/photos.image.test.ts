import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, ImageRefused, MAX_INPUT_PIXELS, processPhoto } from './photos.image.ts';

/** A landscape JPEG, red on the left and blue on the right, that says it must be turned 90°. */
async function sidewaysJpegWithGps(): Promise<Buffer> {
  const left = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 120, height: 40, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { ImageDescription: 'holiday at home', Artist: 'Robin' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    })
    .toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImageRefused) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('the photo pipeline', () => {
  it('turns a photo upright and strips every metadata field (EXIF, GPS, ICC, XMP)', async () => {
    const input = await sidewaysJpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('holiday at home');

    const files = await processPhoto(input);
    for (const [name, file] of Object.entries(files)) {
      const meta = await sharp(file).metadata();
      expect(meta.format, name).toBe('webp');
      expect(meta.exif, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.iptc, name).toBeUndefined();
      expect(meta.orientation, name).toBeUndefined();
      const bytes = file.toString('latin1');
      expect(bytes, name).not.toContain('holiday');
      expect(bytes, name).not.toContain('Robin');
      expect(bytes, name).not.toMatch(/EXIF|GPS|ICCP|XMP/);
    }
    // Upright: the 120×40 landscape stood on its side is 40×120, red (the left) now on top.
    const full = await sharp(files.full).metadata();
    expect([full.width, full.height]).toEqual([40, 120]);
    const { data } = await sharp(files.full).raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = [data[0]!, data[1]!, data[2]!];
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    expect(g).toBeLessThan(60);
    // Match card and thumbnail are squares.
    for (const square of [files.match, files.thumb, files.blurThumb]) {
      const meta = await sharp(square).metadata();
      expect(meta.width).toBe(meta.height);
    }
  });

  it('makes blurred copies that keep no detail', async () => {
    // A fine checkerboard: sharp copies keep its contrast, blurred ones turn it to grey.
    const tile = Buffer.alloc(400 * 400 * 3);
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 400; x++)
        tile.fill(((x >> 2) + (y >> 2)) % 2 ? 255 : 0, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    const input = await sharp(tile, { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const files = await processPhoto(input);
    const spread = async (file: Buffer) => {
      const stats = await sharp(file).stats();
      return stats.channels[0]!.stdev;
    };
    expect(await spread(files.full)).toBeGreaterThan(80);
    expect(await spread(files.blurFull)).toBeLessThan(10);
    expect(await spread(files.blurThumb)).toBeLessThan(10);
  });

  it('refuses a PNG whose header claims more than 40 megapixels, from the header alone', async () => {
    // 10,000 × 5,000 of one colour compresses to a few kilobytes: a decompression bomb.
    const bomb = await sharp(Buffer.alloc(10_000 * 5_000), {
      raw: { width: 10_000, height: 5_000, channels: 1 },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(10_000 * 5_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await refusal(checkImage(bomb))).toBe('image_too_large');
    const started = performance.now();
    expect(await refusal(processPhoto(bomb))).toBe('image_too_large');
    // Decoding 50 megapixels takes far longer than reading a header.
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses bytes that are no JPEG, PNG or WebP: random bytes, a GIF, a truncated JPEG, a text', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    for (const [name, bytes] of [
      ['random', randomBytes(4096)],
      ['gif', gif],
      ['truncated', jpeg.subarray(0, Math.floor(jpeg.length / 3))],
      ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['empty', Buffer.alloc(0)],
    ] as const)
      expect(await refusal(processPhoto(bytes)), name).toBe('image_invalid');
  });

  it('works through a burst of uploads in turns, a broken file among them releasing its turn', async () => {
    const good = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const broken = good.subarray(0, Math.floor(good.length / 2));
    const results = await Promise.all(
      [good, broken, good, broken, good, good, good].map((bytes) =>
        processPhoto(bytes).then(
          () => 'ok',
          (error: unknown) => (error instanceof ImageRefused ? error.code : 'thrown'),
        ),
      ),
    );
    expect(results).toEqual(['ok', 'image_invalid', 'ok', 'image_invalid', 'ok', 'ok', 'ok']);
  });

  it('accepts PNG and WebP as well as JPEG', async () => {
    for (const format of ['png', 'webp'] as const) {
      const bytes = await sharp({ create: { width: 50, height: 30, channels: 4, background: '#ff00ff80' } })
        [format]()
        .toBuffer();
      const files = await processPhoto(bytes);
      expect((await sharp(files.full).metadata()).width).toBe(50);
    }
  });
});
