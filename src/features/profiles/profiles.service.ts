import type { ServiceContext } from '../../server/context.ts';
import { listShowcase } from './profiles.repository.ts';

/** A profile in a list (API.md "cards"). */
export interface ProfileCard {
  id: string;
  name: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  gender: 'male' | 'female';
  online: boolean;
  fictional: boolean;
  main_image: { filename: string; thumb_filename: string; match: string };
}

/** Seen within this window counts as online. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** Whole years between a birthdate and a moment, in UTC. */
export function ageOn(birthdate: string, now: number): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The date `years` years before `now`, as YYYY-MM-DD. */
export function yearsBefore(now: number, years: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** Where uploaded and generated images are served, under the site's cdn_prefix. */
export function mediaUrl(cdnPrefix: string, filename: string): string {
  return `${cdnPrefix}/media/${filename}`;
}

/**
 * Members of the site's network that its niche shows, for public pages: consented or fictional
 * (and then labelled), never invisible or private.
 */
export async function showcaseCards(ctx: ServiceContext, limit: number): Promise<ProfileCard[]> {
  const now = ctx.clock.now();
  const audience = ctx.site.nicheConfig.audience;
  const rows = await listShowcase(
    ctx.db,
    ctx.network,
    {
      genders: audience.genders,
      seeking: audience.seeking,
      bornOnOrBefore: yearsBefore(now, audience.min_age),
      bornAfter: yearsBefore(now, audience.max_age + 1),
      bodyTypes: audience.body_types,
    },
    limit,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    age: ageOn(row.birthdate, now),
    country: row.country,
    region: row.region,
    city: row.city,
    gender: row.gender,
    online: row.last_active_at !== null && now - row.last_active_at < ONLINE_WINDOW_MS,
    fictional: row.fictional === 1,
    main_image: {
      filename: mediaUrl(ctx.site.cdnPrefix, row.filename),
      thumb_filename: mediaUrl(ctx.site.cdnPrefix, row.thumb_filename),
      match: mediaUrl(ctx.site.cdnPrefix, row.match_filename),
    },
  }));
}
