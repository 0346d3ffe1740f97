import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createAvatar, type Style } from '@dicebear/core';
import { adventurer, avataaars, lorelei, micah, notionists, personas } from '@dicebear/collection';
import sharp from 'sharp';
import type { Niche } from '../../tenancy/niche.schema.ts';
import type { Random } from './random.ts';
import type { HairColor } from './vocabulary.ts';

/*
 * Demo photos are illustrated avatars drawn locally: DiceBear turns a seed and a few options
 * into an SVG, sharp rasterises it once and encodes the three sizes the product shows. The
 * options follow the member (a bearded avatar is a man's, grey hair goes with age) and stay
 * fixed across one member's photos, so a second photo looks like the same person in another
 * mood rather than a stranger.
 */

export type AvatarStyle = Niche['imagery']['avatar_style'];

export const PHOTO_SIZES = { main: 480, match: 240, thumb: 160 } as const;
export type PhotoVariant = keyof typeof PHOTO_SIZES;
export const PHOTO_VARIANTS = Object.keys(PHOTO_SIZES) as PhotoVariant[];

/** Bumped when the drawing or encoding changes, so the cache never serves old renders. */
const RENDER_VERSION = 2;

// Each style has its own options type; the seed passes options common to all of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const STYLES: Record<AvatarStyle, Style<any>> = {
  adventurer,
  avataaars,
  lorelei,
  micah,
  notionists,
  personas,
};

type Options = Record<string, unknown>;

export interface AvatarSpec {
  style: AvatarStyle;
  seed: string;
  options: Options;
}

export interface Person {
  gender: 'male' | 'female';
  hair: HairColor;
  age: number;
}

/** Soft backgrounds that flatter every skin tone and stay readable behind the site's UI. */
const BACKGROUNDS = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'c7f0d8', 'fde2a6', 'f6c9b6'];

/** Each style's own palette for the member's hair colour. */
const HAIR_PALETTES: Record<AvatarStyle, Record<Exclude<HairColor, 'bald'>, string[]> | undefined> = {
  adventurer: {
    blond: ['e5d7a3', 'b9a05f'],
    brown: ['6a4e35', '562306', '796a45'],
    black: ['0e0e0e'],
    red: ['ab2a18', 'cb6820'],
    grey: ['afafaf'],
  },
  avataaars: {
    blond: ['d6b370', 'b58143'],
    brown: ['724133', '4a312c'],
    black: ['2c1b18'],
    red: ['c93305', 'a55728'],
    grey: ['e8e1e1', 'ecdcbf'],
  },
  personas: { blond: ['f29c65'], brown: ['6c4545'], black: ['362c47'], red: ['f27d65'], grey: ['dee1f5'] },
  lorelei: { blond: ['c9a45c'], brown: ['5b3a29'], black: ['1b1b1b'], red: ['a3411b'], grey: ['a8a8a8'] },
  micah: {
    blond: ['f4d150'],
    brown: ['77311d', 'ac6651'],
    black: ['000000'],
    red: ['ac6651'],
    grey: ['ffffff', 'd2eff3'],
  },
  // notionists draws hair in black line art only.
  notionists: undefined,
};

const fixed = (value: string) => [value];
const variant = (n: number) => `variant${String(n).padStart(2, '0')}`;
/** The options a style numbers from 1: `numbered('short', 3)` is short01, short02, short03. */
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);

/**
 * What stays the same on every photo of one member. Probabilities are 0 or 100 so a beard or
 * glasses do not come and go between photos.
 */
export function avatarIdentity(style: AvatarStyle, person: Person, random: Random): Options {
  const male = person.gender === 'male';
  const bald = person.hair === 'bald';
  const palette = HAIR_PALETTES[style];
  const hairColor =
    palette && !bald ? fixed(random.pick(palette[person.hair as Exclude<HairColor, 'bald'>])) : undefined;
  const glasses = random.chance(person.age >= 45 ? 0.35 : 0.1);
  const beard = male && random.chance(person.age >= 30 ? 0.4 : 0.25);
  const earrings = !male && random.chance(0.45);
  switch (style) {
    case 'adventurer':
      return {
        hair: bald ? undefined : fixed(random.pick(male ? numbered('short', 19) : numbered('long', 26))),
        hairProbability: bald ? 0 : 100,
        hairColor,
        skinColor: fixed(random.pick(['f2d3b1', 'ecad80', '9e5622', '763900'])),
        earrings: fixed(
          random.pick(['variant01', 'variant02', 'variant03', 'variant04', 'variant05', 'variant06']),
        ),
        earringsProbability: earrings ? 100 : 0,
        features: fixed(male && beard ? 'mustache' : random.pick(['blush', 'freckles', 'birthmark'])),
        featuresProbability: (male && beard) || random.chance(0.15) ? 100 : 0,
        glasses: fixed(random.pick(['variant01', 'variant02', 'variant03', 'variant04', 'variant05'])),
        glassesProbability: glasses ? 100 : 0,
      };
    case 'avataaars':
      return {
        top: bald
          ? undefined
          : fixed(
              random.pick(
                male
                  ? [
                      'shortCurly',
                      'shortFlat',
                      'shortRound',
                      'shortWaved',
                      'sides',
                      'theCaesar',
                      'theCaesarAndSidePart',
                      'shaggy',
                      'frizzle',
                      'dreads01',
                      'shavedSides',
                    ]
                  : [
                      'bob',
                      'bun',
                      'curly',
                      'curvy',
                      'frida',
                      'fro',
                      'longButNotTooLong',
                      'miaWallace',
                      'straight01',
                      'straight02',
                      'straightAndStrand',
                      'bigHair',
                    ],
              ),
            ),
        topProbability: bald ? 0 : 100,
        hairColor,
        facialHair: fixed(random.pick(['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'])),
        facialHairColor: hairColor ?? fixed('4a312c'),
        facialHairProbability: beard ? 100 : 0,
        skinColor: fixed(random.pick(['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'])),
        accessories: fixed(random.pick(['prescription01', 'prescription02', 'round'])),
        accessoriesProbability: glasses ? 100 : 0,
      };
    case 'personas':
      return {
        hair: fixed(
          random.pick(
            bald
              ? ['bald', 'balding']
              : male
                ? [
                    'shortCombover',
                    'buzzcut',
                    'fade',
                    'mohawk',
                    'shortComboverChops',
                    'curlyHighTop',
                    'sideShave',
                    'cap',
                    'beanie',
                  ]
                : // The bun styles read as a shaved head from the front.
                  ['long', 'bobCut', 'curly', 'bobBangs', 'extraLong'],
          ),
        ),
        hairColor,
        facialHair: fixed(
          random.pick(['beardMustache', 'pyramid', 'walrus', 'goatee', 'shadow', 'soulPatch']),
        ),
        facialHairProbability: beard ? 100 : 0,
        skinColor: fixed(random.pick(['eeb4a4', 'e7a391', 'e5a07e', 'd78774', 'b16a5b', '92594b', '623d36'])),
      };
    case 'lorelei':
      return {
        // The style's hair variants carry no gender; these lists were picked by eye.
        hair: fixed(
          variant(
            random.pick(
              bald
                ? [25, 28]
                : male
                  ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 22, 39, 43, 44, 47]
                  : [
                      10, 13, 14, 15, 16, 17, 18, 19, 21, 23, 24, 29, 30, 31, 32, 33, 35, 37, 40, 41, 42, 45,
                      46, 48,
                    ],
            ),
          ),
        ),
        hairColor,
        beard: fixed(random.pick(['variant01', 'variant02'])),
        beardProbability: beard ? 100 : 0,
        earrings: fixed(random.pick(['variant01', 'variant02', 'variant03'])),
        earringsProbability: earrings ? 100 : 0,
        hairAccessoriesProbability: 0,
        glasses: fixed(random.pick(['variant01', 'variant02', 'variant03', 'variant04', 'variant05'])),
        glassesProbability: glasses ? 100 : 0,
        frecklesProbability: random.chance(0.1) ? 100 : 0,
      };
    case 'notionists':
      return {
        hair: fixed(
          variant(
            random.pick(
              male
                ? [
                    1, 3, 5, 6, 7, 9, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27, 30, 31, 32, 33,
                    34, 35, 38, 42, 44, 49, 52, 53, 54, 55, 56, 60,
                  ]
                : [2, 4, 10, 23, 28, 36, 37, 39, 41, 45, 46, 47, 48, 57, 58],
            ),
          ),
        ),
        beard: fixed(random.pick(numbered('variant', 8))),
        beardProbability: beard ? 100 : 0,
        glasses: fixed(
          random.pick(['variant01', 'variant02', 'variant03', 'variant04', 'variant05', 'variant06']),
        ),
        glassesProbability: glasses ? 100 : 0,
        bodyIconProbability: 0,
      };
    case 'micah':
      return {
        hair: fixed(
          random.pick(
            bald ? ['mrClean'] : male ? ['fonze', 'mrT', 'dougFunny', 'dannyPhantom'] : ['full', 'pixie'],
          ),
        ),
        hairColor,
        facialHair: fixed(random.pick(['beard', 'scruff'])),
        facialHairColor: hairColor ?? fixed('000000'),
        facialHairProbability: beard ? 100 : 0,
        earringsProbability: earrings ? 100 : 0,
        glassesProbability: glasses ? 100 : 0,
      };
  }
}

/** What changes from one photo to the next: the backdrop and a friendly expression. */
export function photoMood(style: AvatarStyle, gender: 'male' | 'female', random: Random): Options {
  const backgroundColor = fixed(random.pick(BACKGROUNDS));
  switch (style) {
    case 'avataaars':
      return {
        backgroundColor,
        eyes: fixed(random.pick(['default', 'happy', 'wink', 'side', 'squint'])),
        eyebrows: fixed(
          random.pick(['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural', 'flatNatural']),
        ),
        mouth: fixed(random.pick(['default', 'smile', 'twinkle'])),
        clothing: fixed(
          random.pick([
            'blazerAndShirt',
            'blazerAndSweater',
            'collarAndSweater',
            'graphicShirt',
            'hoodie',
            'shirtCrewNeck',
            'shirtScoopNeck',
            'shirtVNeck',
          ]),
        ),
        clothingGraphic: fixed(random.pick(['bear', 'deer', 'diamond', 'pizza', 'hola'])),
      };
    case 'personas':
      return {
        backgroundColor,
        eyes: fixed(random.pick(['open', 'happy', 'wink'])),
        mouth: fixed(
          random.pick(
            gender === 'female' ? ['smile', 'bigSmile', 'smirk', 'lips'] : ['smile', 'bigSmile', 'smirk'],
          ),
        ),
      };
    case 'lorelei':
      return {
        backgroundColor,
        mouth: fixed(
          random.pick([
            'happy01',
            'happy02',
            'happy03',
            'happy04',
            'happy05',
            'happy06',
            'happy07',
            'happy08',
            'happy09',
            'happy10',
            'happy11',
            'happy12',
          ]),
        ),
      };
    case 'micah':
      return { backgroundColor, mouth: fixed(random.pick(['laughing', 'smile', 'smirk'])) };
    case 'adventurer': {
      // Left to chance, adventurer frowns or scowls in about half of its faces.
      return {
        backgroundColor,
        mouth: fixed(variant(random.pick([1, 2, 5, 6, 20, 21, 23, 25, 26, 27, 28, 29, 30]))),
        eyebrows: fixed(variant(random.pick([3, 5, 6, 7, 10, 12, 14, 15]))),
        eyes: fixed(variant(random.pick([1, 2, 3, 10, 11, 12, 13, 15, 19, 20, 21, 22, 24, 25, 26]))),
      };
    }
    default:
      return { backgroundColor };
  }
}

function withoutUndefined(options: Options): Options {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

export function avatarSpec(style: AvatarStyle, seed: string, identity: Options, mood: Options): AvatarSpec {
  return { style, seed, options: withoutUndefined({ ...identity, ...mood }) };
}

/** The cache key: everything that decides the pixels, and nothing else. */
export function avatarKey(spec: AvatarSpec): string {
  const json = JSON.stringify([RENDER_VERSION, spec.style, spec.seed, spec.options]);
  return createHash('sha256').update(json).digest('hex').slice(0, 32);
}

export function cachePaths(cacheDir: string, key: string): Record<PhotoVariant, string> {
  return {
    main: join(cacheDir, `${key}-main.webp`),
    match: join(cacheDir, `${key}-match.webp`),
    thumb: join(cacheDir, `${key}-thumb.webp`),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Writes through a temporary file, so an interrupted run never leaves half an image in the cache. */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/**
 * The avatar as SVG, shaped for a fast rasteriser: square avatars need no clip path (it only
 * serves rounded corners), and librsvg blends personas' overlay shading at twice the cost of the
 * whole drawing for a difference the eye does not see at these sizes.
 */
export function drawSvg(spec: AvatarSpec): string {
  const svg = createAvatar(STYLES[spec.style], {
    ...spec.options,
    seed: spec.seed,
    size: PHOTO_SIZES.main,
    clip: false,
  }).toString();
  return spec.style === 'personas' ? svg.replaceAll(' style="mix-blend-mode:overlay"', '') : svg;
}

/** Draws one avatar into the cache unless it is there already; true when it had to draw. */
export async function renderToCache(spec: AvatarSpec, cacheDir: string): Promise<boolean> {
  const paths = cachePaths(cacheDir, avatarKey(spec));
  if ((await Promise.all(PHOTO_VARIANTS.map((v) => exists(paths[v])))).every(Boolean)) return false;
  const svg = drawSvg(spec);
  // Rasterise once; resizing pixels is far cheaper than drawing the SVG three times.
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(PHOTO_SIZES.main, PHOTO_SIZES.main, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // Effort 2 costs a third less CPU than the default for files about 7% larger: the right
  // trade for thousands of small illustrations drawn at first start.
  const encoded = await Promise.all(
    PHOTO_VARIANTS.map((variant) => {
      const size = PHOTO_SIZES[variant];
      const image = sharp(data, raw);
      return (size === info.width ? image : image.resize(size, size))
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
    }),
  );
  await mkdir(cacheDir, { recursive: true });
  await Promise.all(PHOTO_VARIANTS.map((variant, i) => writeAtomically(paths[variant], encoded[i]!)));
  return true;
}

/**
 * Puts a cached file at its upload path: a hard link costs no space and no copying; a copy is
 * the fallback where links are not possible (another file system, some network mounts).
 */
export async function placeFile(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      await unlink(to);
      await link(from, to).catch(() => copyFile(from, to));
    } else {
      await copyFile(from, to);
    }
  }
}

/** Runs `task` over `items` with at most `limit` at a time, in order of start. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
