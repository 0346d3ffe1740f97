import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/*
 * The welcome discount and the time bonus are two codes but one offer: a discount on the first
 * purchase. A redemption of either is marked `first_purchase = 1`, and the unique index on
 * (member_id, first_purchase) lets a member hold one such redemption at a time, however many
 * orders race; other codes leave the column empty, which the index does not count (NULLs are
 * distinct in both dialects). Redemptions made before this migration keep it empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('discount_redemptions').addColumn('first_purchase', 'integer').execute();
  await addIndex(
    db,
    'discount_redemptions_first_purchase_unique',
    'discount_redemptions',
    ['member_id', 'first_purchase'],
    { unique: true },
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('discount_redemptions_first_purchase_unique').execute();
  await db.schema.alterTable('discount_redemptions').dropColumn('first_purchase').execute();
}
