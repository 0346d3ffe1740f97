import { sql, type Kysely } from 'kysely';
import type { Database, PushOutboxStatus } from '../../db/database.ts';
import { selectInNetwork } from '../../db/query-network.ts';
import { updatedOne } from '../../db/updated-one.ts';

/*
 * The push outbox (migration 0028), and the few facts of other features a push needs: who the
 * recipient is, who the sender is, and the badge's count. Those are reads only; each table stays
 * its owner's to write, export and erase.
 */

type Db = Kysely<Database>;

export interface Recipient {
  status: string;
  language: string;
  profileId: string | null;
}

/** The member a push would go to, with their profile (reads of accounts' and profiles' rows). */
export async function recipientOf(db: Db, network: string, memberId: string): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('profiles as p', (join) =>
      join.onRef('p.member_id', '=', 'm.id').on('p.network_id', '=', network),
    )
    .select(['m.status', 'm.language', 'p.id as profile_id'])
    .where('m.network_id', '=', network)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  return row && { status: row.status, language: row.language, profileId: row.profile_id };
}

/** The profile that wrote or liked: its name, and whether the operator runs it. */
export async function actorOf(
  db: Db,
  network: string,
  profileId: string,
): Promise<{ name: string; fictional: boolean } | undefined> {
  const row = await selectInNetwork(db, 'profiles', network, { id: profileId })
    .select(['name', 'fictional'])
    .executeTakeFirst();
  return row && { name: row.name, fictional: row.fictional === 1 };
}

/**
 * The app badge: the member's unread messages and the likes they have not seen (what the
 * navigation's two badges add up to; reads of chat's and likes' rows).
 */
export async function badgeOf(db: Db, network: string, profileId: string): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('conversation_members')
        .select(sql<number>`coalesce(sum(unread_count), 0)`.as('n'))
        .where('network_id', '=', network)
        .where('profile_id', '=', profileId)
        .where('deleted_at', 'is', null)
        .as('unread'),
      eb
        .selectFrom('likes')
        .select(sql<number>`count(*)`.as('n'))
        .where('network_id', '=', network)
        .where('liked_profile_id', '=', profileId)
        .where('seen_at', 'is', null)
        .as('likes'),
    ])
    .executeTakeFirst();
  return Number(row?.unread ?? 0) + Number(row?.likes ?? 0);
}

export interface NewPush {
  id: string;
  memberId: string;
  siteId: string;
  eventId: string;
  subscriptionId: string;
  payload: string;
  topic: string;
  now: number;
}

export async function insertPushes(db: Db, network: string, pushes: readonly NewPush[]): Promise<void> {
  if (pushes.length === 0) return;
  await db
    .insertInto('push_outbox')
    .values(
      pushes.map((p) => ({
        id: p.id,
        network_id: network,
        member_id: p.memberId,
        site_id: p.siteId,
        event_id: p.eventId,
        subscription_id: p.subscriptionId,
        payload: p.payload,
        topic: p.topic,
        status: 'pending' as const,
        next_attempt_at: null,
        created_at: p.now,
        sent_at: null,
      })),
    )
    .execute();
}

/**
 * Takes a push for sending: only one process (and one drain) wins a row, and the row says it is
 * on its way (`sending`, one attempt more). Answers the push and its subscription, or nothing
 * when the row was taken already or is done.
 */
export async function claimPush(
  db: Db,
  id: string,
  from: readonly PushOutboxStatus[],
  now: number,
): Promise<ClaimedPush | undefined> {
  const taken = await updatedOne(
    db
      .updateTable('push_outbox')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: now }))
      .where('id', '=', id)
      .where('status', 'in', [...from]),
  );
  if (!taken) return undefined;
  const row = await db
    .selectFrom('push_outbox as o')
    .leftJoin('push_subscriptions as s', (join) =>
      join.onRef('s.id', '=', 'o.subscription_id').onRef('s.network_id', '=', 'o.network_id'),
    )
    .select([
      'o.id',
      'o.network_id',
      'o.site_id',
      'o.subscription_id',
      'o.payload',
      'o.topic',
      'o.attempts',
      's.endpoint',
      's.p256dh',
      's.auth',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row;
}

export interface ClaimedPush {
  id: string;
  network_id: string;
  site_id: string;
  subscription_id: string;
  payload: string;
  topic: string;
  attempts: number;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** Where a push ended (or when it is tried again); a push that is done forgets its text. */
export async function finishPush(
  db: Db,
  id: string,
  outcome: { status: PushOutboxStatus; at: number; nextAttemptAt?: number },
): Promise<void> {
  const done = outcome.status !== 'failed';
  await db
    .updateTable('push_outbox')
    .set({
      status: outcome.status,
      next_attempt_at: outcome.nextAttemptAt ?? null,
      ...(outcome.status === 'sent' ? { sent_at: outcome.at } : {}),
      ...(done ? { payload: '' } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Pushes due for another try: failed ones whose time has come, and ones left `pending` or
 * `sending` by a process that stopped before it finished them (older than `staleBefore`).
 */
export async function duePushes(db: Db, now: number, staleBefore: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('push_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', 'in', ['pending', 'sending']), eb('created_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether a push of this event was accepted by a push service. */
export async function eventPushed(db: Db, network: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_outbox')
    .select('id')
    .where('network_id', '=', network)
    .where('event_id', '=', eventId)
    .where('status', '=', 'sent')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rows older than `before` go: what became of a push matters for days, not longer. */
export async function deleteOldPushes(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('push_outbox').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
