import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row, RowUpdate } from '../../db/database.ts';
import { deleteInNetwork, selectInNetwork, updateInNetwork, valueInNetwork } from '../../db/query-network.ts';
import { updatedOne } from '../../db/updated-one.ts';

/* The sanctions' SQL: decisions, appeals, bans of addresses and browsers, members' browsers. */

type Db = Kysely<Database> | Transaction<Database>;
export type DecisionRow = Row<'moderation_decisions'>;
export type AppealRow = Row<'moderation_appeals'>;

export async function insertDecision(db: Db, row: NewRow<'moderation_decisions'>): Promise<void> {
  await db.insertInto('moderation_decisions').values(row).execute();
}

export async function updateDecision(
  db: Db,
  network: string,
  id: string,
  change: RowUpdate<'moderation_decisions'>,
): Promise<void> {
  await updateInNetwork(db, 'moderation_decisions', network, { id }).set(change).execute();
}

export function findDecision(db: Db, network: string, id: string): Promise<DecisionRow | undefined> {
  return selectInNetwork(db, 'moderation_decisions', network, { id }).selectAll().executeTakeFirst();
}

/** The suspension or ban in force for a member at `now`, the newest first. */
export function findRestriction(
  db: Db,
  network: string,
  memberId: string,
  now: number,
): Promise<Pick<DecisionRow, 'id' | 'kind' | 'until'> | undefined> {
  return selectInNetwork(db, 'moderation_decisions', network, { member_id: memberId })
    .select(['id', 'kind', 'until'])
    .where('kind', 'in', ['suspend', 'ban'])
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .orderBy('decided_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listDecisions(
  db: Db,
  networks: readonly string[] | 'all',
  filter: { network?: string; member?: string },
  limit: number,
): Promise<DecisionRow[]> {
  let query = db.selectFrom('moderation_decisions').selectAll();
  if (networks !== 'all') query = query.where('network_id', 'in', networks.length ? networks : ['']);
  if (filter.network) query = query.where('network_id', '=', filter.network);
  if (filter.member) query = query.where('member_id', '=', filter.member);
  return query.orderBy('decided_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Decisions of a period, for the transparency counts. */
export function decisionsBetween(
  db: Db,
  networks: readonly string[] | 'all',
  from: number,
  to: number,
): Promise<Pick<DecisionRow, 'id' | 'network_id' | 'site_id' | 'kind' | 'opened_at' | 'decided_at'>[]> {
  let query = db
    .selectFrom('moderation_decisions')
    .select(['id', 'network_id', 'site_id', 'kind', 'opened_at', 'decided_at'])
    .where('decided_at', '>=', from)
    .where('decided_at', '<', to);
  if (networks !== 'all') query = query.where('network_id', 'in', networks.length ? networks : ['']);
  return query.execute();
}

/** Appeals submitted in a period, with the site of their decision. */
export function appealsBetween(
  db: Db,
  networks: readonly string[] | 'all',
  from: number,
  to: number,
): Promise<{ network_id: string; site_id: string; outcome: string | null }[]> {
  let query = db
    .selectFrom('moderation_appeals as a')
    .innerJoin('moderation_decisions as d', 'd.id', 'a.decision_id')
    .select(['a.network_id', 'd.site_id', 'a.outcome'])
    .where('a.submitted_at', '>=', from)
    .where('a.submitted_at', '<', to);
  if (networks !== 'all') query = query.where('a.network_id', 'in', networks.length ? networks : ['']);
  return query.execute();
}

export async function insertAppeal(db: Db, row: NewRow<'moderation_appeals'>): Promise<void> {
  await db.insertInto('moderation_appeals').values(row).execute();
}

export function findAppealByToken(db: Db, tokenHash: string): Promise<AppealRow | undefined> {
  return db
    .selectFrom('moderation_appeals')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findAppeal(db: Db, id: string): Promise<AppealRow | undefined> {
  return db.selectFrom('moderation_appeals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function openAppealOf(db: Db, decisionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('moderation_appeals')
    .select('id')
    .where('decision_id', '=', decisionId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves an appeal on from the status `from`, unless another moved it first: whether it did. */
async function moveAppeal(
  db: Db,
  id: string,
  from: AppealRow['status'],
  change: RowUpdate<'moderation_appeals'>,
): Promise<boolean> {
  return updatedOne(
    db.updateTable('moderation_appeals').set(change).where('id', '=', id).where('status', '=', from),
  );
}

/** Turns an issued link into an open appeal, unless another took its place first: whether it did. */
export function submitAppealRow(
  db: Db,
  id: string,
  change: { text: string; submitted_at: number },
): Promise<boolean> {
  return moveAppeal(db, id, 'issued', { ...change, status: 'open' });
}

export function decideAppealRow(
  db: Db,
  id: string,
  change: { decided_by: string; decided_at: number; outcome: string },
): Promise<boolean> {
  return moveAppeal(db, id, 'open', { ...change, status: 'decided' });
}

export function listAppeals(
  db: Db,
  networks: readonly string[] | 'all',
  status: 'open' | 'decided',
  limit: number,
): Promise<(AppealRow & { decision: DecisionRow })[]> {
  let query = db.selectFrom('moderation_appeals').selectAll().where('status', '=', status);
  if (networks !== 'all') query = query.where('network_id', 'in', networks.length ? networks : ['']);
  return query
    .orderBy('submitted_at', 'asc')
    .limit(limit)
    .execute()
    .then(async (rows) => {
      const ids = [...new Set(rows.map((r) => r.decision_id))];
      const decisions = ids.length
        ? await db.selectFrom('moderation_decisions').selectAll().where('id', 'in', ids).execute()
        : [];
      const byId = new Map(decisions.map((d) => [d.id, d]));
      return rows.map((r) => ({ ...r, decision: byId.get(r.decision_id)! }));
    });
}

export async function banEmail(db: Db, row: NewRow<'banned_emails'>): Promise<void> {
  await db
    .insertInto('banned_emails')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function banDevicesOf(
  db: Db,
  network: string,
  memberId: string,
  decisionId: string,
  now: number,
): Promise<void> {
  const devices = await selectInNetwork(db, 'member_devices', network, { member_id: memberId })
    .select('device_hash')
    .execute();
  for (const { device_hash } of devices)
    await db
      .insertInto('banned_devices')
      .values({ network_id: network, device_hash, decision_id: decisionId, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** A lifted ban lets its address and browsers back. */
export async function unbanOf(db: Db, network: string, decisionId: string): Promise<void> {
  await deleteInNetwork(db, 'banned_emails', network, { decision_id: decisionId }).execute();
  await deleteInNetwork(db, 'banned_devices', network, { decision_id: decisionId }).execute();
}

export async function isBanned(
  db: Db,
  network: string,
  emailHash: string,
  deviceHash: string | undefined,
): Promise<boolean> {
  const email = await valueInNetwork(db, 'banned_emails', network, { email_hash: emailHash }, 'decision_id');
  if (email !== undefined) return true;
  if (!deviceHash) return false;
  const device = await valueInNetwork(
    db,
    'banned_devices',
    network,
    { device_hash: deviceHash },
    'decision_id',
  );
  return device !== undefined;
}

export async function rememberDevice(
  db: Db,
  network: string,
  memberId: string,
  deviceHash: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('member_devices')
    .values({ network_id: network, member_id: memberId, device_hash: deviceHash, last_seen_at: now })
    .onConflict((oc) =>
      oc.columns(['network_id', 'member_id', 'device_hash']).doUpdateSet({ last_seen_at: now }),
    )
    .execute();
}

/** What a statement needs of the member: address, language, site and name. */
export function findMemberContact(
  db: Db,
  network: string,
  memberId: string,
): Promise<
  | {
      id: string;
      email: string;
      language: string;
      site_id: string;
      status: string;
      name: string | null;
      profile_id: string | null;
    }
  | undefined
> {
  return db
    .selectFrom('members as m')
    .leftJoin('profiles as p', 'p.member_id', 'm.id')
    .select(['m.id', 'm.email', 'm.language', 'm.site_id', 'm.status', 'p.name', 'p.id as profile_id'])
    .where('m.network_id', '=', network)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}

/** The member behind a public profile id (or an account id itself). */
export async function findMemberIdOf(db: Db, network: string, publicId: string): Promise<string | undefined> {
  const memberId = await valueInNetwork(db, 'profiles', network, { id: publicId }, 'member_id');
  if (memberId) return memberId;
  return valueInNetwork(db, 'members', network, { id: publicId }, 'id');
}

/** Who holds the moderate permission in a network (or every network), other than the owners. */
export async function moderatorsOf(db: Db, network: string): Promise<{ staff_id: string; role: string }[]> {
  return db
    .selectFrom('staff_roles as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .select(['r.staff_id', 'r.role'])
    .where('r.network_id', 'in', [network, '*'])
    .where('r.role', 'in', ['owner', 'moderator'])
    .where('s.disabled_at', 'is', null)
    .execute();
}

export function staffEmails(db: Db, ids: readonly string[]): Promise<{ id: string; email: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('staff').select(['id', 'email']).where('id', 'in', ids).execute();
}

/** Statements due at the Transparency Database. */
export function dueStatements(db: Db, now: number, limit: number): Promise<DecisionRow[]> {
  return db
    .selectFrom('moderation_decisions')
    .selectAll()
    .where('dsa_status', '=', 'pending')
    .where((eb) => eb.or([eb('dsa_next_at', 'is', null), eb('dsa_next_at', '<=', now)]))
    .orderBy('decided_at')
    .limit(limit)
    .execute();
}
