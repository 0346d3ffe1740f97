import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { ServiceContext } from '../../../server/context.ts';
import { underLease } from '../../../server/jobs/index.ts';
import { publicProfile, showcasePhotoFiles } from '../../profiles/index.ts';

/**
 * The video lander's clip: a short WebM cross-fading between photos of the site's public
 * members, made on this machine with ffmpeg from the uploads (no stock footage, no third-party
 * requests). Made in the background the first time the lander asks for it and again once a
 * day; until then, or without ffmpeg, the lander shows its slideshow instead.
 *
 * Only real members who consented to public pages appear: a video frame cannot carry the
 * fictional label, so operator-run profiles stay out. Each time the clip is shown, and each
 * time its files are asked for, every member in it must still be public; one who withdrew (who
 * deleted their account, hid their profile or took back consent) makes the lander fall back,
 * the files answer 404, and the clip is made again without them in the background. Making a
 * clip takes ffmpeg seconds, too heavy for the request or the deletion that noticed it, so the
 * manifest's list of members is what marks a clip stale: no flag to keep in step.
 *
 * The encoder runs below the server's priority, so members' requests go first on a small
 * machine, and it ends with the server.
 */

/** Where a site's clips are kept and what makes them (`FFMPEG_PATH`; empty: nothing does). */
export interface LanderMedia {
  dataDir: string;
  ffmpeg: string;
}

/** The clips' settings from the server's configuration. */
export function landerMediaOf(env: { dataDir: string; FFMPEG_PATH: string }): LanderMedia {
  return { dataDir: env.dataDir, ffmpeg: env.FFMPEG_PATH };
}

export interface LanderVideo {
  /** File names under `/landers/media/`. */
  video: string;
  poster: string;
  width: number;
  height: number;
}

interface Manifest extends LanderVideo {
  createdAt: number;
  profiles: string[];
  /** The clip before this one, kept a while for pages cached a moment ago; with whom it shows. */
  previous?: { video: string; poster: string; profiles: string[] } | undefined;
}

/** Whether every profile is still one a public page may show. */
async function allPublic(ctx: ServiceContext, profiles: string[]): Promise<boolean> {
  const still = await Promise.all(profiles.map((id) => publicProfile(ctx, id)));
  return still.every(Boolean);
}

/** Photos in the clip: fewer than the minimum makes no video worth watching. */
const MAX_PHOTOS = 8;
const MIN_PHOTOS = 4;
const SECONDS_PER_PHOTO = 2.6;
const FADE_SECONDS = 0.6;
const SIZE = 480;
/** A day: new members show up in the clip without anyone running anything. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** After a failed run (no ffmpeg, a broken photo) wait this long before trying again. */
const RETRY_AFTER_MS = 10 * 60 * 1000;
/** ffmpeg gets this long; a stuck encoder must not pile up. */
const ENCODE_TIMEOUT_MS = 120_000;

export const LANDER_MEDIA_FILE = /^(video|poster)-[a-f0-9]{12}\.(webm|webp)$/;

/** Where a site's generated lander media lives. */
export function landerMediaDir(dataDir: string, siteId: string): string {
  return join(dataDir, 'media', 'landers', siteId);
}

const running = new Map<string, Promise<void>>();
const failedAt = new Map<string, number>();

async function readManifest(dir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * The clip to show now, or undefined (the lander falls back to its slideshow). Starts making a
 * clip in the background when there is none, it is a day old, or someone in it is no longer public.
 */
export async function landerVideo(ctx: ServiceContext, media: LanderMedia): Promise<LanderVideo | undefined> {
  const dir = landerMediaDir(media.dataDir, ctx.site.id);
  const manifest = await readManifest(dir);
  const now = ctx.clock.now();
  let usable = manifest !== undefined;
  if (manifest) usable = await allPublic(ctx, manifest.profiles);
  if (!manifest || !usable || now - manifest.createdAt > MAX_AGE_MS) void refreshLanderVideo(ctx, media);
  if (!manifest || !usable) return undefined;
  const { video, poster, width, height } = manifest;
  return { video, poster, width, height };
}

/**
 * Whether a clip file (video or poster) may be served: named by the current clip or the one
 * kept before it, with everyone in that clip still public. A clip showing someone who withdrew
 * starts a new one without them.
 */
export async function landerClipServable(
  ctx: ServiceContext,
  media: LanderMedia,
  file: string,
): Promise<boolean> {
  const manifest = await readManifest(landerMediaDir(media.dataDir, ctx.site.id));
  if (!manifest) return false;
  const clip = [manifest, manifest.previous].find((c) => c && (c.video === file || c.poster === file));
  if (!clip) return false;
  if (await allPublic(ctx, clip.profiles)) return true;
  void refreshLanderVideo(ctx, media);
  return false;
}

/**
 * Takes down the site's clips that show someone no longer public (a deleted account, a
 * withdrawn consent) and starts a new one. Run by the landers' job, so a clip nobody asks for
 * does not keep a face on disk either, least of all after the erasure: its poster is a copy of
 * a photo. Answers whether it took anything down.
 */
export async function withdrawStaleClips(ctx: ServiceContext, media: LanderMedia): Promise<boolean> {
  const dir = landerMediaDir(media.dataDir, ctx.site.id);
  const manifest = await readManifest(dir);
  if (!manifest) return false;
  const currentOk = await allPublic(ctx, manifest.profiles);
  const previousOk = !manifest.previous || (await allPublic(ctx, manifest.previous.profiles));
  if (currentOk && previousOk) return false;
  if (currentOk) {
    const temp = join(dir, `.manifest-${process.pid}.json`);
    await writeFile(temp, JSON.stringify({ ...manifest, previous: undefined }));
    await rename(temp, join(dir, 'manifest.json'));
  } else {
    await rm(join(dir, 'manifest.json'), { force: true });
  }
  const gone = [currentOk ? undefined : manifest, previousOk ? undefined : manifest.previous];
  for (const clip of gone) {
    if (!clip) continue;
    await rm(join(dir, clip.video), { force: true });
    await rm(join(dir, clip.poster), { force: true });
  }
  if (!currentOk) void refreshLanderVideo(ctx, media);
  return true;
}

/**
 * Starts making the site's clip unless one is being made, the last attempt failed recently, or
 * nothing makes clips here (no `FFMPEG_PATH`).
 */
export function refreshLanderVideo(ctx: ServiceContext, media: LanderMedia): Promise<void> {
  if (!media.ffmpeg) return Promise.resolve();
  const key = ctx.site.id;
  const pending = running.get(key);
  if (pending) return pending;
  const failed = failedAt.get(key);
  if (failed !== undefined && ctx.clock.now() - failed < RETRY_AFTER_MS) return Promise.resolve();
  // Processes behind one proxy get the first lander requests after a start together: one of them
  // encodes the clip (two would take both cores and delete each other's files as old clips), the
  // others skip it and show the clip once it is there.
  const job = underLease(ctx.db, `landers.video.${key}`, 2 * ENCODE_TIMEOUT_MS, () =>
    makeLanderVideo(ctx, media),
  )
    .then(() => void failedAt.delete(key))
    .catch((error: unknown) => {
      failedAt.set(key, ctx.clock.now());
      ctx.log.warn(
        `lander video for ${key} not made: ${error instanceof Error ? error.message : String(error)}`,
      );
    })
    .finally(() => running.delete(key));
  running.set(key, job);
  return job;
}

/** Makes the clip now (also `scripts/media/lander-media.ts`); resolves once it is in place. */
export async function makeLanderVideo(
  ctx: ServiceContext,
  media: LanderMedia,
): Promise<LanderVideo | undefined> {
  const photos = await showcasePhotoFiles(ctx, MAX_PHOTOS, { realOnly: true });
  if (photos.length < MIN_PHOTOS) return undefined;
  const dir = landerMediaDir(media.dataDir, ctx.site.id);
  const work = join(dir, `.work-${process.pid}`);
  await mkdir(work, { recursive: true });
  try {
    // Read through the storage (DATA_DIR/uploads or the bucket) into the work folder ffmpeg reads.
    const inputs: string[] = [];
    for (const [index, photo] of photos.entries()) {
      const body = await ctx.storage.read(photo.file);
      if (!body) throw new Error(`photo file ${photo.file} is missing`);
      const input = join(work, `photo-${index}.webp`);
      await writeFile(input, body);
      inputs.push(input);
    }
    const tempVideo = join(work, 'clip.webm');
    await runFfmpeg(media.ffmpeg || 'ffmpeg', ffmpegArgs(inputs, tempVideo));
    const bytes = await readFile(tempVideo);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    // The previous clip stays for cached pages only while everyone in it is still public.
    const last = await readManifest(dir);
    const previous = last && (await allPublic(ctx, last.profiles)) ? last : undefined;
    const manifest: Manifest = {
      video: `video-${hash}.webm`,
      poster: `poster-${hash}.webp`,
      width: SIZE,
      height: SIZE,
      createdAt: ctx.clock.now(),
      profiles: photos.map((p) => p.profileId),
      previous: previous && { video: previous.video, poster: previous.poster, profiles: previous.profiles },
    };
    // The poster is the clip's first photo, so the page shows the same face before it plays.
    await copyFile(inputs[0]!, join(dir, manifest.poster));
    await rename(tempVideo, join(dir, manifest.video));
    const tempManifest = join(work, 'manifest.json');
    await writeFile(tempManifest, JSON.stringify(manifest));
    await rename(tempManifest, join(dir, 'manifest.json'));
    await removeOldClips(dir, [manifest, previous]);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Keeps the current and the previous clip (pages cached a moment ago still name it). */
async function removeOldClips(dir: string, keep: Array<Manifest | undefined>): Promise<void> {
  const wanted = new Set(keep.flatMap((m) => (m ? [m.video, m.poster] : [])));
  for (const name of await readdir(dir)) {
    if (LANDER_MEDIA_FILE.test(name) && !wanted.has(name)) await rm(join(dir, name), { force: true });
  }
}

/** Each photo held for a moment, then cross-faded into the next; VP9 at a quality that keeps it small. */
export function ffmpegArgs(inputs: string[], output: string): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  for (const input of inputs) args.push('-loop', '1', '-t', String(SECONDS_PER_PHOTO), '-i', input);
  const filters: string[] = [];
  inputs.forEach((_, i) => {
    filters.push(
      `[${i}:v]scale=${SIZE}:${SIZE}:force_original_aspect_ratio=increase,crop=${SIZE}:${SIZE},setsar=1,fps=24,format=yuv420p[v${i}]`,
    );
  });
  let last = 'v0';
  const transitions = ['fade', 'smoothleft', 'circleopen', 'fadeblack', 'smoothup', 'radial', 'dissolve'];
  for (let i = 1; i < inputs.length; i++) {
    const offset = (i * (SECONDS_PER_PHOTO - FADE_SECONDS)).toFixed(2);
    const out = i === inputs.length - 1 ? 'out' : `x${i}`;
    filters.push(
      `[${last}][v${i}]xfade=transition=${transitions[(i - 1) % transitions.length]}:duration=${FADE_SECONDS}:offset=${offset}[${out}]`,
    );
    last = out;
  }
  args.push('-filter_complex', filters.join(';'), '-map', '[out]');
  args.push(
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    '-row-mt',
    '1',
    '-an',
    output,
  );
  return args;
}

/** Encoders at work: a server that exits takes them along instead of leaving them running. */
const encoders = new Set<ChildProcess>();
let endsWithServer = false;

function runFfmpeg(command: string, args: string[]): Promise<void> {
  if (!endsWithServer) {
    endsWithServer = true;
    process.once('exit', () => {
      for (const encoder of encoders) encoder.kill('SIGKILL');
    });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    encoders.add(child);
    child.once('exit', () => encoders.delete(child));
    if (child.pid !== undefined) {
      try {
        // Background work: below the server, so a member's request never waits for the encoder.
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the server's own priority.
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ENCODE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`ffmpeg could not run (${error.message}); install Debian's ffmpeg`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ended with ${code ?? signal}: ${stderr.trim().slice(-500)}`));
    });
  });
}
