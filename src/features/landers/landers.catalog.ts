import { LANDERS, type Lander } from '../../tenancy/niche.schema.ts';

export { LANDERS, type Lander };

export function isLander(name: unknown): name is Lander {
  return typeof name === 'string' && (LANDERS as readonly string[]).includes(name);
}

/**
 * How many members each lander shows. Enough to fill its design at desktop width and no more:
 * every card is an image the visitor's phone loads.
 */
export const LANDER_CARDS: Record<Lander, number> = {
  alonetonight: 12,
  collagelanding: 9,
  gallery: 12,
  iconslanding: 8,
  maplanding: 8,
  socialnetwork: 6,
  transitionsvideolanding: 6,
  video: 8,
  tinderswipe: 8,
};

/** Where a lander lives: `/landers/<name>` or `/landers/<name>/<slug>` (slugs are free labels). */
export function landerPath(lander: Lander, slug?: string | null): string {
  return slug ? `/landers/${lander}/${encodeURIComponent(slug)}` : `/landers/${lander}`;
}

/**
 * The slug of a lander URL as a label: whatever the ad said, cut to a sane length. Any slug
 * renders the lander, so a typo in a campaign still lands.
 */
export function landerSlug(raw: string | undefined): string | null {
  if (!raw) return null;
  const slug = raw.split('/')[0]!.trim().slice(0, 63);
  return slug || null;
}
