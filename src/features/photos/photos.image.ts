import type { Metadata, OutputInfo } from 'sharp';

/*
 * The upload pipeline: an uploaded file is never stored as sent. Its header is read first (no
 * pixels decoded) to refuse what is not a JPEG, PNG or WebP and what is larger than 40
 * megapixels, so a small "decompression bomb" cannot make the server allocate gigabytes. The
 * image is then decoded once, turned upright from its EXIF orientation and re-encoded as WebP
 * without any metadata (no EXIF, no GPS, no ICC profile, no comments): sharp keeps none unless
 * asked, and this file never asks. sharp (libvips) loads with the first photo, not with the
 * server: most requests never touch an image.
 */

const loadSharp = async () => (await import('sharp')).default;

/** Spec §5 and API.md: above this, 422 `image_too_large` before any pixel is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** The sizes a photo is shown in: full view (longest side), match card and thumbnail (squares). */
export const PHOTO_SIZES = { full: 1280, match: 480, thumb: 200 } as const;
/** Blurred copies start from a tiny image, so no detail survives to be sharpened back. */
const BLUR_SOURCE = 24;

export type ImageRefusal = 'image_invalid' | 'image_too_large';

export class ImageRefused extends Error {
  readonly code: ImageRefusal;
  constructor(code: ImageRefusal) {
    super(code);
    this.code = code;
    this.name = 'ImageRefused';
  }
}

export interface PhotoFiles {
  full: Buffer;
  match: Buffer;
  thumb: Buffer;
  blurFull: Buffer;
  blurThumb: Buffer;
}

const WEBP = { quality: 80, effort: 4 } as const;

/** Reads only the header: the format and the pixel count decide before any decoding. */
export async function checkImage(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('image_invalid');
  }
  if (!(ACCEPTED_FORMATS as readonly string[]).includes(meta.format ?? ''))
    throw new ImageRefused('image_invalid');
  const { width, height } = meta;
  if (!width || !height) throw new ImageRefused('image_invalid');
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRefused('image_too_large');
  return { width, height };
}

/**
 * Decoding a large photo takes a core and a few hundred megabytes for about a second: at most
 * this many run at once in a process, the others wait their turn, so a burst of uploads slows
 * uploads down instead of starving every other request of CPU and memory.
 */
const PARALLEL_DECODES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The turn passes straight to the next in line; `running` only drops when nobody waits.
    if (next) next();
    else running -= 1;
  }
}

/** The five stored files of one upload, or an `ImageRefused`. */
export async function processPhoto(bytes: Uint8Array): Promise<PhotoFiles> {
  // The header check costs nothing and needs no turn: a refusal answers at once.
  await checkImage(bytes);
  return inTurn(() => encodePhoto(bytes));
}

async function encodePhoto(bytes: Uint8Array): Promise<PhotoFiles> {
  const sharp = await loadSharp();
  let full: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright, at most the full view's size; everything else derives from these pixels.
    full = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIZES.full, PHOTO_SIZES.full, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated or corrupt file passes the header check and fails here.
    throw new ImageRefused('image_invalid');
  }
  const raw = { raw: { width: full.info.width, height: full.info.height, channels: full.info.channels } };
  const from = () => sharp(full.data, raw);
  const square = (size: number) => from().resize(size, size, { fit: 'cover', position: 'attention' });
  const blurred = async (width: number, height: number) => {
    const tiny = await from()
      .resize(BLUR_SOURCE, BLUR_SOURCE, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return sharp(tiny.data, {
      raw: { width: tiny.info.width, height: tiny.info.height, channels: tiny.info.channels },
    })
      .resize(width, height, { fit: 'cover', kernel: 'cubic' })
      .blur(Math.max(2, Math.round(Math.min(width, height) / 24)))
      .webp(WEBP)
      .toBuffer();
  };
  const blurWidth = Math.min(full.info.width, 480);
  const blurHeight = Math.max(1, Math.round((full.info.height * blurWidth) / full.info.width));
  const [fullFile, match, thumb, blurFull, blurThumb] = await Promise.all([
    from().webp(WEBP).toBuffer(),
    square(PHOTO_SIZES.match).webp(WEBP).toBuffer(),
    square(PHOTO_SIZES.thumb).webp(WEBP).toBuffer(),
    blurred(blurWidth, blurHeight),
    blurred(PHOTO_SIZES.thumb, PHOTO_SIZES.thumb),
  ]);
  return { full: fullFile, match, thumb, blurFull, blurThumb };
}
