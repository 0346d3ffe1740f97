import type { Kysely } from 'kysely';
import type { Database, Gender } from '../../db/database.ts';

export interface AudienceFilter {
  genders: readonly Gender[];
  /** The profile must seek one of these (a profile seeking `both` seeks either). */
  seeking: readonly Gender[];
  /** Born on or before this date (YYYY-MM-DD): the youngest age. */
  bornOnOrBefore: string;
  /** Born after this date: the oldest age. */
  bornAfter: string;
  bodyTypes: readonly string[];
}

export interface ShowcaseRow {
  id: string;
  name: string;
  birthdate: string;
  gender: Gender;
  country: string;
  region: string | null;
  city: string | null;
  fictional: 0 | 1;
  last_active_at: number | null;
  filename: string;
  thumb_filename: string;
  match_filename: string;
}

/**
 * Profiles a public page may show: active, consented to public pages (or operator-run and so
 * labelled), never invisible or private, with an active main photo, most recently active first.
 */
export async function listShowcase(
  db: Kysely<Database>,
  networkId: string,
  audience: AudienceFilter,
  limit: number,
): Promise<ShowcaseRow[]> {
  const seeking = [...audience.seeking, 'both' as const];
  let query = db
    .selectFrom('profiles as p')
    .innerJoin('photos as ph', (join) => join.onRef('ph.id', '=', 'p.main_photo_id').on('ph.status', '=', 'active'))
    .leftJoin('members as m', 'm.id', 'p.member_id')
    .where('p.network_id', '=', networkId)
    .where('p.status', '=', 'active')
    .where('p.gender', 'in', [...audience.genders])
    .where('p.seeking', 'in', seeking)
    .where('p.birthdate', '<=', audience.bornOnOrBefore)
    .where('p.birthdate', '>', audience.bornAfter)
    .where((eb) => eb.or([eb('p.public_consent', '=', 1), eb('p.fictional', '=', 1)]))
    .where((eb) =>
      eb.or([
        eb('p.member_id', 'is', null),
        eb.and([eb('m.invisible', '=', 0), eb('m.private', '=', 0), eb('m.status', '=', 'active')]),
      ]),
    );
  if (audience.bodyTypes.length) query = query.where('p.body_type', 'in', [...audience.bodyTypes]);
  return query
    .select([
      'p.id', 'p.name', 'p.birthdate', 'p.gender', 'p.country', 'p.region', 'p.city', 'p.fictional',
      'p.last_active_at', 'ph.filename', 'ph.thumb_filename', 'ph.match_filename',
    ])
    .orderBy('p.last_active_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute() as Promise<ShowcaseRow[]>;
}
