import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool, StringReference } from 'kysely';

/*
 * Paging by a key instead of an offset: a page goes on from the last row shown, named by its
 * time and id (the id breaks ties between rows of the same millisecond), so rows written
 * meanwhile neither repeat nor drop out of the next page.
 */

/** The last row of a page: its time (epoch ms) and id. */
export interface PageKey {
  at: number;
  id: string;
}

/** A key `<at>.<id>` a client sent back, or undefined for one that is not ours (the first page then). */
export function parsePageKey(text: string | undefined): PageKey | undefined {
  const match = text ? /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(text) : null;
  return match ? { at: Number(match[1]), id: match[2]! } : undefined;
}

/**
 * The rows past `key` in a page's order on (`time`, `id`): `<` for newest first, `>` for oldest
 * first.
 */
export function pastKey<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: { time: StringReference<DB, TB>; id: StringReference<DB, TB> },
  direction: '<' | '>',
  key: PageKey,
): Expression<SqlBool> {
  const by = eb as unknown as ExpressionBuilder<Record<string, Record<string, unknown>>, string>;
  const time = columns.time as string;
  const id = columns.id as string;
  return by.or([by(time, direction, key.at), by.and([by(time, '=', key.at), by(id, direction, key.id)])]);
}

/**
 * One page in (`time`, `id`) order: the rows past `after` (from the start without it), at most
 * `limit`. The order, the key comparison and the limit are one decision, made here once, so that
 * a page never goes on in the opposite direction of its order.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { time: StringReference<DB, TB>; id: StringReference<DB, TB> },
  order: 'asc' | 'desc',
  after: PageKey | null | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const past = after ? query.where((eb) => pastKey(eb, columns, order === 'asc' ? '>' : '<', after)) : query;
  return past.orderBy(columns.time, order).orderBy(columns.id, order).limit(limit);
}

/** The networks a console list covers: some, or every network (`all`, a role on all of them). */
export type NetworkScope = readonly string[] | 'all';

/** A page of a console list: the networks it covers, the key it goes on from, how many rows. */
export interface NetworksPage {
  networks: NetworkScope;
  after: PageKey | null | undefined;
  limit: number;
}

/**
 * One keyset page (see `keysetPage`) of the rows of `query` in the page's networks. A scope of no
 * network reads nothing: an empty `in` list is not valid SQL everywhere, and there is nothing to ask.
 */
export async function networksKeysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { network: StringReference<DB, TB>; time: StringReference<DB, TB>; id: StringReference<DB, TB> },
  order: 'asc' | 'desc',
  page: NetworksPage,
): Promise<O[]> {
  const { networks } = page;
  if (networks === 'all') return keysetPage(query, columns, order, page.after, page.limit).execute();
  if (networks.length === 0) return [];
  const inNetworks = query.where((eb) => {
    const by = eb as unknown as ExpressionBuilder<Record<string, Record<string, unknown>>, string>;
    return by(columns.network as string, 'in', [...networks]);
  });
  return keysetPage(inNetworks, columns, order, page.after, page.limit).execute();
}
