import { compiledOnce } from '../../db/compiled.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NotificationDisabledReason } from '../../db/database.ts';
import type { NotificationCategory, PushSetting } from './notifications.schemas.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An e-mail category or a push setting: they share one table of rows that differ from the default. */
type Preference = NotificationCategory | PushSetting;

export interface PreferenceRow {
  category: Preference;
  disabled: 0 | 1;
  reason: NotificationDisabledReason | null;
}

/**
 * The member's rows: a category or push setting whose state differs from its default (on, or off
 * for the consent categories). Read for every `User` answer: built and compiled once
 * (src/db/compiled.ts).
 */
const preferenceRowsQuery = compiledOnce<{ network: string; memberId: string }, PreferenceRow>(
  ['network', 'memberId'],
  (db, { network, memberId }) =>
    db
      .selectFrom('notification_preferences')
      .select(['category', 'disabled', 'reason'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId),
);

export async function preferenceRows(db: Db, network: string, memberId: string): Promise<PreferenceRow[]> {
  return preferenceRowsQuery.execute(db, { network, memberId });
}

/*
 * The same rows as one text, for a statement that reads the member anyway: the session's, which
 * every member request runs, so that the settings cost no statement of their own. A row is
 * `category:disabled:reason` (reason empty when none), rows are joined by `,`: categories and
 * reasons are fixed words without either sign. NULL when the member has no row. `string_agg` is
 * PostgreSQL's and SQLite's (3.44 on) alike.
 */
const ROW_SEPARATOR = ',';
const FIELD_SEPARATOR = ':';

/**
 * A scalar subquery: the packed rows of the member whose id is the column `memberColumn` of the
 * enclosing statement (`unpackPreferenceRows` reads them back).
 */
export function packedPreferenceRows(db: Db, network: string, memberColumn: string) {
  const { lit, ref } = sql;
  const field = lit(FIELD_SEPARATOR);
  const row = sql<string>`${ref('np.category')} || ${field} || ${ref('np.disabled')}
    || ${field} || coalesce(${ref('np.reason')}, '')`;
  return db
    .selectFrom('notification_preferences as np')
    .select(sql<string | null>`string_agg(${row}, ${lit(ROW_SEPARATOR)})`.as('packed'))
    .where('np.network_id', '=', network)
    .where('np.member_id', '=', ref<string>(memberColumn));
}

/** The rows `packedPreferenceRows` packed. */
export function unpackPreferenceRows(packed: string | null): PreferenceRow[] {
  if (!packed) return [];
  return packed.split(ROW_SEPARATOR).map((row) => {
    const [category, disabled, reason] = row.split(FIELD_SEPARATOR);
    return {
      category: category as Preference,
      disabled: disabled === '1' ? 1 : 0,
      reason: (reason || null) as NotificationDisabledReason | null,
    };
  });
}

/**
 * Switches categories off for the system's `reason` (an unsubscribe, a bounce, a spam report):
 * the member sees why on /notifications.
 */
export async function switchOff(
  db: Db,
  network: string,
  memberIds: readonly string[],
  categories: readonly NotificationCategory[],
  reason: NotificationDisabledReason,
  now: number,
): Promise<void> {
  for (const memberId of memberIds)
    for (const category of categories)
      await db
        .insertInto('notification_preferences')
        .values({ member_id: memberId, network_id: network, category, disabled: 1, reason, updated_at: now })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'category']).doUpdateSet({ disabled: 1, reason, updated_at: now }),
        )
        .execute();
}

/**
 * Replaces the member's choice among `among` in one transaction: the listed ones off (a reason
 * the system recorded stays with its category), every other one of `among` on: by having no row,
 * or for a consent category by a row that says yes (`disabled: 0`). Rows outside `among` are
 * left alone (the push settings when the e-mail categories change, and back).
 */
export async function replacePreferences(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  choice: {
    among: readonly Preference[];
    disabled: readonly Preference[];
    /** The categories that are off by default (consent): off needs no row, only a reason does. */
    offByDefault: readonly Preference[];
  },
  now: number,
): Promise<void> {
  const { among, disabled, offByDefault } = choice;
  const enabled = among.filter((category) => !disabled.includes(category));
  const withdrawn = disabled.filter((category) => offByDefault.includes(category));
  const mine = (trx: Transaction<Database>) =>
    trx
      .deleteFrom('notification_preferences')
      .where('network_id', '=', network)
      .where('member_id', '=', memberId);
  const insertPreference = (trx: Transaction<Database>, category: Preference, off: 0 | 1) =>
    trx.insertInto('notification_preferences').values({
      member_id: memberId,
      network_id: network,
      category,
      disabled: off,
      reason: null,
      updated_at: now,
    });
  await db.transaction().execute(async (trx) => {
    if (enabled.length) await mine(trx).where('category', 'in', enabled).execute();
    if (withdrawn.length)
      await mine(trx).where('category', 'in', withdrawn).where('disabled', '=', 0).execute();
    for (const category of disabled) {
      if (offByDefault.includes(category)) continue;
      await insertPreference(trx, category, 1)
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'category']).doUpdateSet({ disabled: 1, updated_at: now }),
        )
        .execute();
    }
    for (const category of enabled) {
      if (!offByDefault.includes(category)) continue;
      await insertPreference(trx, category, 0).execute();
    }
  });
}

/**
 * The categories the system switched off (a bounce, a spam report, an unsubscribe) later than
 * `since`: what the member-wide alert tells of. Read only for a member with something off.
 */
export async function systemSwitchOffsSince(
  db: Db,
  network: string,
  memberId: string,
  since: number,
): Promise<{ category: Preference; reason: NotificationDisabledReason }[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['category', 'reason'])
    .where('network_id', '=', network)
    .where('member_id', '=', memberId)
    .where('disabled', '=', 1)
    .where('reason', 'is not', null)
    .where('updated_at', '>', since)
    .execute();
  return rows.flatMap((row) => (row.reason ? [{ category: row.category, reason: row.reason }] : []));
}
