import type { ServiceContext } from '../../server/context.ts';
import {
  ONLINE_WINDOW_MS,
  publicProfile,
  showcaseCards,
  showcaseCount,
  showcaseProfiles,
  showcaseRegionCounts,
  type ProfileCard,
  type PublicProfile,
} from '../profiles/index.ts';
import { LANDER_CARDS, type Lander } from './landers.catalog.ts';
import { drawMemberMap, framedCountries, type MapColours } from './media/map.ts';
import { landerVideo, type LanderMedia, type LanderVideo } from './media/video.ts';

export interface RegionCount {
  country: string;
  /** ISO 3166-2 subdivision code without the country (`NH`), or null when unknown. */
  region: string | null;
  count: number;
}

/** Everything a lander shows besides its copy: the members, and what its design needs. */
export interface LanderContent {
  members: PublicProfile[];
  /** Members public pages may show, in all. */
  total: number;
  /** Of those, online right now. */
  onlineNow: number;
  /** The map lander: members per country and per region, largest first. */
  countries: Array<{ country: string; count: number }>;
  regions: RegionCount[];
  /** Countries the map draws (the rest are listed in words). */
  mapped: string[];
  /** The video lander's clip, when one is ready. */
  video: LanderVideo | undefined;
}

/** What every lander design receives, so that LanderPage can render any of them in one place. */
export interface LanderDesignProps {
  content: LanderContent;
}

/** Reads what a lander shows. Only the map and video landers pay for their extras. */
export async function landerContent(
  ctx: ServiceContext,
  lander: Lander,
  media: LanderMedia,
): Promise<LanderContent> {
  const now = ctx.clock.now();
  const [members, total, onlineNow] = await Promise.all([
    showcaseProfiles(ctx, LANDER_CARDS[lander]),
    showcaseCount(ctx),
    showcaseCount(ctx, { activeSince: now - ONLINE_WINDOW_MS }),
  ]);
  const content: LanderContent = {
    members,
    total,
    onlineNow,
    countries: [],
    regions: [],
    mapped: [],
    video: undefined,
  };
  if (lander === 'maplanding') {
    content.regions = await showcaseRegionCounts(ctx);
    content.countries = countriesOf(content.regions);
    content.mapped = framedCountries(content.countries);
  }
  if (lander === 'video') content.video = await landerVideo(ctx, media);
  return content;
}

function countriesOf(regions: RegionCount[]): Array<{ country: string; count: number }> {
  const totals = new Map<string, number>();
  for (const r of regions) totals.set(r.country, (totals.get(r.country) ?? 0) + r.count);
  return [...totals].map(([country, count]) => ({ country, count })).sort((a, b) => b.count - a.count);
}

const mapCache = new Map<string, { at: number; svg: string | undefined }>();
/** The map changes with members, slowly: drawn at most every few minutes per site. */
const MAP_TTL_MS = 5 * 60 * 1000;

/** The map lander's SVG for the site, in its brand colour; undefined when nothing can be drawn. */
export async function landerMapSvg(
  ctx: ServiceContext,
  colours: MapColours,
  title: string,
): Promise<string | undefined> {
  const key = `${ctx.site.id}|${colours.accent}|${title}`;
  const now = ctx.clock.now();
  const hit = mapCache.get(key);
  if (hit && now - hit.at < MAP_TTL_MS) return hit.svg;
  const svg = drawMemberMap(countriesOf(await showcaseRegionCounts(ctx)), colours, title)?.svg;
  mapCache.set(key, { at: now, svg });
  return svg;
}

/** A member's own lander: that member and a few others to browse. */
export interface ProfileLanderContent {
  member: PublicProfile;
  others: ProfileCard[];
}

/** Ids are our random lower-case ones; anything else cannot name a member. */
const PROFILE_ID = /^[a-z0-9]{1,40}$/;

/**
 * The member of a profile lander, when the site's public pages may show them (its network and
 * niche, consented or fictional, active); undefined otherwise, and the page is a 404.
 */
export async function profileLanderContent(
  ctx: ServiceContext,
  id: string,
): Promise<ProfileLanderContent | undefined> {
  const member = PROFILE_ID.test(id) ? await publicProfile(ctx, id) : undefined;
  if (!member) return undefined;
  const others = (await showcaseCards(ctx, 5)).filter((c) => c.id !== member.id).slice(0, 4);
  return { member, others };
}
