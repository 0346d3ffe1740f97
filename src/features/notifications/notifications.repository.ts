import { compiledOnce } from '../../db/compiled.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NotificationCategory, NotificationDisabledReason } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface PreferenceRow {
  category: NotificationCategory;
  disabled: 0 | 1;
  reason: NotificationDisabledReason | null;
}

/**
 * The member's rows: a category whose state differs from its default (on, or off for the
 * consent categories). Read for every `User` answer: built and compiled once (src/db/compiled.ts).
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
 * Replaces the member's choice in one transaction: the listed categories off (a reason the system
 * recorded stays with its category), every other one on: by having no row, or for a consent
 * category by a row that says yes (`disabled: 0`).
 */
export async function replaceDisabledCategories(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  disabled: readonly NotificationCategory[],
  consented: readonly NotificationCategory[],
  /** The categories that are off by default (consent): off needs no row, only a reason does. */
  offByDefault: readonly NotificationCategory[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let removal = trx
      .deleteFrom('notification_preferences')
      .where('network_id', '=', network)
      .where('member_id', '=', memberId);
    if (disabled.length) removal = removal.where('category', 'not in', [...disabled]);
    await removal.execute();
    const withdrawn = disabled.filter((category) => offByDefault.includes(category));
    if (withdrawn.length)
      await trx
        .deleteFrom('notification_preferences')
        .where('network_id', '=', network)
        .where('member_id', '=', memberId)
        .where('category', 'in', withdrawn)
        .where('disabled', '=', 0)
        .execute();
    for (const category of disabled) {
      if (offByDefault.includes(category)) continue;
      await trx
        .insertInto('notification_preferences')
        .values({
          member_id: memberId,
          network_id: network,
          category,
          disabled: 1,
          reason: null,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'category']).doUpdateSet({ disabled: 1, updated_at: now }),
        )
        .execute();
    }
    for (const category of consented) {
      await trx
        .insertInto('notification_preferences')
        .values({
          member_id: memberId,
          network_id: network,
          category,
          disabled: 0,
          reason: null,
          updated_at: now,
        })
        .execute();
    }
  });
}
