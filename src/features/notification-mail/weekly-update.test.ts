import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testMember, testProfile } from '../../../tests/support/rows.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import {
  markWeekLookedAt,
  weeklyDue,
  weeklyNumbers,
  type WeeklyCursor,
} from './notification-mail.repository.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const SINCE = NOW - 7 * DAY;

/** A real member's public profile, created `daysAgo` days ago. */
async function member(
  id: string,
  values: {
    daysAgo: number;
    country: string;
    gender: 'male' | 'female';
    seeking: 'male' | 'female' | 'both';
    site?: string;
  },
) {
  const site = values.site ?? 's';
  const created_at = NOW - values.daysAgo * DAY;
  await db
    .insertInto('members')
    .values(testMember({ id, network_id: 'n', site_id: site, created_at }))
    .execute();
  await db
    .insertInto('profiles')
    .values(
      testProfile({
        id,
        network_id: 'n',
        member_id: id,
        site_id: site,
        country: values.country,
        gender: values.gender,
        seeking: values.seeking,
        listing: 'public',
        created_at,
      }),
    )
    .execute();
}

describe('the weekly update’s numbers', () => {
  it('count the new members of the country once per run, never the member itself', async () => {
    await member('old-reader', { daysAgo: 30, country: 'AT', gender: 'female', seeking: 'male' });
    await member('old-reader-2', { daysAgo: 20, country: 'AT', gender: 'female', seeking: 'male' });
    await member('new-man', { daysAgo: 2, country: 'AT', gender: 'male', seeking: 'female' });
    await member('new-man-de', { daysAgo: 2, country: 'DE', gender: 'male', seeking: 'female' });
    await member('new-woman', { daysAgo: 1, country: 'AT', gender: 'female', seeking: 'male' });
    await member('new-both', { daysAgo: 1, country: 'AT', gender: 'male', seeking: 'both' });

    const counted = new Map<string, number>();
    expect(await weeklyNumbers(db, 'n', 'old-reader', SINCE, counted)).toEqual({ newMembers: 2, matches: 0 });
    expect(counted.size).toBe(1);
    // The same country and sought gender: the run's count, not a second walk.
    expect(await weeklyNumbers(db, 'n', 'old-reader-2', SINCE, counted)).toEqual({
      newMembers: 2,
      matches: 0,
    });
    expect(counted.size).toBe(1);
    // A new member seeking men is one of the new women-seeking-men's count only for others.
    expect(await weeklyNumbers(db, 'n', 'new-woman', SINCE, counted)).toEqual({ newMembers: 2, matches: 0 });
    // Seeking both: every new member of the country but the member itself.
    expect(await weeklyNumbers(db, 'n', 'new-both', SINCE, counted)).toEqual({ newMembers: 2, matches: 0 });
    // Seeking women: the one new woman of the country, none from another.
    expect(await weeklyNumbers(db, 'n', 'new-man', SINCE, counted)).toEqual({ newMembers: 1, matches: 0 });
    // A fresh run (no kept counts) answers the same.
    expect(await weeklyNumbers(db, 'n', 'new-both', SINCE)).toEqual({ newMembers: 2, matches: 0 });
  });
});

describe('the members due a weekly look', () => {
  it('are those last looked at over a week ago, or never and joined over a week ago, in the order they fell due', async () => {
    for (const id of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'])
      await member(id, { daysAgo: 30, country: 'NL', gender: 'male', seeking: 'female', site: 'paged' });
    // Too new for a weekly update: never looked at, but joined three days ago.
    await member('c0-new', { daysAgo: 3, country: 'NL', gender: 'male', seeking: 'female', site: 'paged' });
    // Of another site, and a member who left: never due here.
    await member('other-site', {
      daysAgo: 30,
      country: 'NL',
      gender: 'male',
      seeking: 'female',
      site: 'other',
    });
    await member('gone', { daysAgo: 30, country: 'NL', gender: 'male', seeking: 'female', site: 'paged' });
    await db.updateTable('members').set({ status: 'deleted' }).where('id', '=', 'gone').execute();
    // Looked at this week: c1, c2, c4; c3 and c6 over a week ago (c6 longest); c5 never.
    const looked = [
      ['c1', NOW - DAY],
      ['c2', NOW - 2 * DAY],
      ['c3', NOW - 8 * DAY],
      ['c4', NOW - 6 * DAY],
      ['c6', NOW - 9 * DAY],
    ] as const;
    for (const [id, at] of looked)
      await db.updateTable('members').set({ weekly_looked_at: at }).where('id', '=', id).execute();

    const pages: string[][] = [];
    let after: WeeklyCursor | undefined;
    for (;;) {
      const page = await weeklyDue(db, 'n', 'paged', NOW, after, 2);
      if (page.length === 0) break;
      pages.push(page.map((due) => due.id));
      after = page.at(-1);
    }
    expect(pages).toEqual([['c5', 'c6'], ['c3']]);
  });

  it('are due again a week after the look that marked them', async () => {
    await member('reader', { daysAgo: 30, country: 'NL', gender: 'male', seeking: 'female', site: 'again' });
    expect((await weeklyDue(db, 'n', 'again', NOW, undefined, 10)).map((due) => due.id)).toEqual(['reader']);
    await markWeekLookedAt(db, 'n', 'reader', NOW);
    expect(await weeklyDue(db, 'n', 'again', NOW, undefined, 10)).toEqual([]);
    expect(await weeklyDue(db, 'n', 'again', NOW + 7 * DAY - 1, undefined, 10)).toEqual([]);
    expect((await weeklyDue(db, 'n', 'again', NOW + 7 * DAY, undefined, 10)).map((due) => due.id)).toEqual([
      'reader',
    ]);
  });
});
