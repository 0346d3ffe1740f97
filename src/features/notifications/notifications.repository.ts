import { compiledOnce } from '../../db/compiled.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NotificationDisabledReason } from '../../db/database.ts';
import type { NotificationCategory, PushSetting } from './notifications.schemas.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DisabledCategoryRow {
  category: NotificationCategory | PushSetting;
  reason: NotificationDisabledReason | null;
}

/**
 * What the member switched off, e-mail categories and push settings alike; only those have a row
 * (the default is on). Read for every `User` answer: built and compiled once (see src/db/compiled.ts).
 */
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
 * Replaces the member's choice among `among` in one transaction: the listed ones off (a reason
 * the system recorded stays with its category), every other one of `among` back to the default.
 * Rows outside `among` are left alone (the push settings when the categories change, and back).
 */
export async function replaceDisabledCategories(
  db: Kysely<Database>,
  network: string,
  memberId: string,
  among: readonly (NotificationCategory | PushSetting)[],
  disabled: readonly (NotificationCategory | PushSetting)[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const enabled = among.filter((category) => !disabled.includes(category));
    if (enabled.length) {
      await trx
        .deleteFrom('notification_preferences')
        .where('network_id', '=', network)
        .where('member_id', '=', memberId)
        .where('category', 'in', enabled)
        .execute();
    }
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
