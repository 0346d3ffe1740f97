import type { NewRow } from '../database.ts';
import { newId } from '../ids.ts';
import { Random, deriveSeed } from './random.ts';

/*
 * The demo's traffic: most demo accounts arrived through a campaign or affiliate link, so the
 * console's statistics have visits, signups and sources to show. A signup's tracking record is
 * from shortly before the account, claimed by it (`members.tracking_id`); a few more arrivals
 * from the same link that day never signed up.
 */

const MINUTE_MS = 60_000;

const SOURCES = [
  { network: 'demo-ads', ref: 'summer-campaign', sub: null },
  { network: 'demo-ads', ref: 'autumn-campaign', sub: 'mobile' },
  { network: 'partner-net', ref: 'banner-1', sub: null },
  { network: 'social', ref: null, sub: 'story' },
] as const;

function record(
  member: NewRow<'members'>,
  source: (typeof SOURCES)[number],
  createdAt: number,
  memberId: string | null,
): NewRow<'tracking_records'> {
  return {
    id: newId(),
    network_id: member.network_id,
    site_id: member.site_id,
    network: source.network,
    ref: source.ref,
    sub: source.sub,
    sub1: null,
    sub2: null,
    sub3: null,
    aff_sub1: null,
    aff_sub2: null,
    aff_sub3: null,
    cpc: null,
    landing_path: '/',
    member_id: memberId,
    created_at: createdAt,
  };
}

/** Tracking records for the demo accounts; sets `tracking_id` on the members it attributes. */
export function planTraffic(members: NewRow<'members'>[], seed: number): NewRow<'tracking_records'>[] {
  const records: NewRow<'tracking_records'>[] = [];
  members.forEach((member, index) => {
    const random = new Random(deriveSeed(seed, 0x7a1c, index));
    if (!random.chance(0.6)) return;
    const source = random.pick(SOURCES);
    const signedUpFrom = Math.max(0, Number(member.created_at) - random.int(1, 120) * MINUTE_MS);
    const claimed = record(member, source, signedUpFrom, member.id);
    member.tracking_id = claimed.id;
    records.push(claimed);
    for (let i = random.int(0, 3); i > 0; i--)
      records.push(record(member, source, Math.max(0, signedUpFrom - random.int(1, 600) * MINUTE_MS), null));
  });
  return records;
}
