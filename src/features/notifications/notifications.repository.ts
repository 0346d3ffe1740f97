import { compiledOnce } from '../../db/compiled.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NotificationCategory, NotificationDisabledReason } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DisabledCategoryRow {
  category: NotificationCategory;
  reason: NotificationDisabledReason | null;
}

/** The categories switched off for a member; only those have a row (the default is on). */
/** Read for every `User` answer: built and compiled once (see src/db/compiled.ts). */
const disabledCategoriesQuery = compiledOnce<{ network: string; memberId: string }, DisabledCategoryRow>(
  ['network', 'memberId'],
  (db, { network, memberId }) =>
    db
      .selectFrom('notification_preferences')
      .select(['category', 'reason'])
      .where('network_id', '=', network)
      .where('member_id', '=', memberId)
      .where('disabled', '=', 1),
);

export async function disabledCategories(
  db: Db,
  network: string,
  memberId: string,
): Promise<DisabledCategoryRow[]> {
  return disabledCategoriesQuery.execute(db, { network, memberId });
}

/**
 * Replaces the member's choice in one transaction: the listed categories off (a reason the system
 * recorded stays with its category), every other one back to the default.
 */
export async function replaceDisabledCategories(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  disabled: readonly NotificationCategory[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let removal = trx
      .deleteFrom('notification_preferences')
      .where('network_id', '=', network)
      .where('member_id', '=', memberId);
    if (disabled.length) removal = removal.where('category', 'not in', [...disabled]);
    await removal.execute();
    for (const category of disabled) {
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
  });
}
