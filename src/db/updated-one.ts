import type { UpdateResult } from 'kysely';

/**
 * Runs a guarded update and answers whether it changed exactly one row. A write that must happen
 * once under any concurrency (a code used, an order moved from the status it was read in) is an
 * update whose `where` states what must still hold; the row count says whether this request was
 * the one that made it.
 */
export async function updatedOne(update: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
