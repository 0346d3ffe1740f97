import { sql, type Kysely } from 'kysely';
import { discountCodesTable } from './0001_initial.ts';
import {
  addIndex,
  createNetworkTable,
  dialectOf,
  dropIndexes,
  dropTables,
  flag,
  msType,
  replaceTable,
  required,
} from './schema-helpers.ts';

/*
 * Codes in the console (docs/console.md "Codes"). A discount code was unique across every
 * network; now it is unique per network, so two brands of different owners may both sell with
 * "SUMMER": the unique index is on (network, code), with the codes of every network (the built-in
 * welcome code and time bonus, network null) as a network of their own. Existing rows keep their
 * ids, so redemptions and orders that name them stay as they are. New columns say what the console
 * sets: an optional site, a start, a cap on uses, and the batch a code was made in (one for a typed
 * multi-use code, N for generated single-use codes).
 *
 * `invite_codes` replaces the tenant file's `invite_codes` list (which stays as a fallback);
 * `console_mailings` are the promotions and news written in the console, sent through the
 * notification e-mails' campaign path.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ms = msType(db);
  if (dialectOf(db) === 'postgres') {
    await sql`alter table discount_codes drop constraint discount_codes_code_key`.execute(db);
    await addDiscountColumns(db, ms);
  } else {
    await rebuildSqlite(db, ms, true);
  }
  await sql`create unique index discount_codes_network_code_unique
    on discount_codes ((coalesce(network_id, '')), code)`.execute(db);
  await addIndex(db, 'discount_codes_batch_idx', 'discount_codes', ['batch_id']);

  await createNetworkTable(db, 'invite_codes')
    .addColumn('site_id', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ms)
    .addColumn('active', 'integer', flag('active', 1))
    .addColumn('created_by', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await addIndex(db, 'invite_codes_network_code_unique', 'invite_codes', ['network_id', 'code'], {
    unique: true,
  });

  await createNetworkTable(db, 'console_mailings')
    .$call(required('text', ['site_id', 'category', 'locale', 'subject', 'body']))
    .addColumn('created_by', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await addIndex(db, 'console_mailings_network_created_idx', 'console_mailings', [
    'network_id',
    'created_at',
  ]);
}

/** The columns the console adds to a discount code, all optional, in their order. */
function consoleColumns(ms: 'bigint' | 'integer') {
  return [
    ['site_id', 'text'],
    ['starts_at', ms],
    ['max_uses', 'integer'],
    ['batch_id', 'text'],
    ['created_by', 'text'],
  ] as const;
}

async function addDiscountColumns(db: Kysely<any>, ms: 'bigint' | 'integer'): Promise<void> {
  for (const [name, type] of consoleColumns(ms)) {
    await db.schema.alterTable('discount_codes').addColumn(name, type).execute();
  }
}

const OLD_COLUMNS =
  'id, code, network_id, percentage, minimum_amount, currency, country, validity, active, expires_at, created_at';

/**
 * SQLite cannot drop a column's unique constraint: the table is made again (SQLite's documented
 * twelve steps), per network (`scoped`) with the console's columns, or as 0001 made it. The
 * foreign keys are off meanwhile, or dropping the old table would cascade to the redemptions;
 * migrations on SQLite run outside a transaction, so the pragma takes effect.
 */
async function rebuildSqlite(db: Kysely<any>, ms: 'bigint' | 'integer', scoped: boolean): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    let table = discountCodesTable(db, 'discount_codes_next', { codeUnique: !scoped });
    if (scoped) {
      for (const [name, type] of consoleColumns(ms)) table = table.addColumn(name, type);
    }
    await table.execute();
    await replaceTable(db, 'discount_codes', 'discount_codes_next', OLD_COLUMNS);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length) throw new Error('0038: the discount codes lost a row a redemption names');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['console_mailings', 'invite_codes']);
  await dropIndexes(db, ['discount_codes_batch_idx', 'discount_codes_network_code_unique']);
  // Back to one code across all networks: fails while two networks share a word, as it must.
  if (dialectOf(db) === 'postgres') {
    for (const [name] of consoleColumns(msType(db))) {
      await db.schema.alterTable('discount_codes').dropColumn(name).execute();
    }
    await sql`alter table discount_codes add constraint discount_codes_code_key unique (code)`.execute(db);
  } else {
    await rebuildSqlite(db, msType(db), false);
  }
}
