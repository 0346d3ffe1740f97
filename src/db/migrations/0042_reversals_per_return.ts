import { sql, type Kysely } from 'kysely';
import {
  addIndex,
  dialectOf,
  msType,
  replaceTable,
  required,
  rewritingEveryNetwork,
} from './schema-helpers.ts';

/*
 * Money that came back at the provider is kept per return instead of per order: Mollie may refund
 * one payment several times (partial refunds in its dashboard) and the payer's bank may charge some
 * back, each with its own id (`re_…`, `chb_…`). A row per return makes each of them booked once,
 * however often the webhook repeats, and the second partial refund of an order booked at all.
 *
 * `id` is the provider's id of the refund or chargeback; a reversal that stands for the whole order
 * (a returned direct debit, a late payment paid back) takes the order's id, as every row made before
 * this migration does.
 *
 * A console mailing is sent by a job instead of within the request: `send_cursor` is the last
 * member its batches reached (a run after a crash goes on from there; the mail log keeps each
 * member to one e-mail), `finished_at` when no member was left. Mailings sent before were sent
 * whole: they count as finished.
 *
 * SQLite cannot change a primary key, so there the table is made again, rows
 * kept; PostgreSQL changes it in place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('console_mailings').addColumn('send_cursor', 'text').execute();
  await db.schema.alterTable('console_mailings').addColumn('finished_at', msType(db)).execute();
  // Every network's mailings and reversals: under PostgreSQL's forced row-level security (0039)
  // the owner that migrates would otherwise rewrite none of them.
  await rewritingEveryNetwork(db, 'console_mailings', async () => {
    await sql`update console_mailings set finished_at = sent_at where sent_at is not null`.execute(db);
  });
  await addIndex(db, 'console_mailings_unfinished_idx', 'console_mailings', ['finished_at', 'sent_at']);
  if (dialectOf(db) === 'postgres') {
    await sql`alter table payment_reversals add column id text`.execute(db);
    await rewritingEveryNetwork(db, 'payment_reversals', async () => {
      await sql`update payment_reversals set id = order_id`.execute(db);
    });
    await sql`alter table payment_reversals alter column id set not null`.execute(db);
    await sql`alter table payment_reversals drop constraint payment_reversals_pkey`.execute(db);
    await sql`alter table payment_reversals add constraint payment_reversals_pkey primary key (id)`.execute(
      db,
    );
    await addIndex(db, 'payment_reversals_order_idx', 'payment_reversals', ['order_id']);
    return;
  }
  await create(db, 'payment_reversals_next', true);
  // Every row so far stands for its whole order: its id is the order's.
  await replaceTable(
    db,
    'payment_reversals',
    'payment_reversals_next',
    `id, ${COLUMNS_0026}`,
    `order_id, ${COLUMNS_0026}`,
  );
  await addIndex(db, 'payment_reversals_member_idx', 'payment_reversals', ['member_id']);
  await addIndex(db, 'payment_reversals_order_idx', 'payment_reversals', ['order_id']);
}

/** Back to one row per order: the first return of each order stays. */
const LATER_RETURNS = sql`exists (
  select 1 from payment_reversals earlier
  where earlier.order_id = payment_reversals.order_id
    and (earlier.created_at < payment_reversals.created_at
      or (earlier.created_at = payment_reversals.created_at and earlier.id < payment_reversals.id)))`;

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('console_mailings_unfinished_idx').execute();
  await db.schema.alterTable('console_mailings').dropColumn('finished_at').execute();
  await db.schema.alterTable('console_mailings').dropColumn('send_cursor').execute();
  await rewritingEveryNetwork(db, 'payment_reversals', async () => {
    await sql`delete from payment_reversals where ${LATER_RETURNS}`.execute(db);
  });
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropIndex('payment_reversals_order_idx').execute();
    await sql`alter table payment_reversals drop constraint payment_reversals_pkey`.execute(db);
    await sql`alter table payment_reversals drop column id`.execute(db);
    await sql`alter table payment_reversals add constraint payment_reversals_pkey primary key (order_id)`.execute(
      db,
    );
    return;
  }
  await create(db, 'payment_reversals_prev', false);
  await replaceTable(db, 'payment_reversals', 'payment_reversals_prev', COLUMNS_0026);
  await addIndex(db, 'payment_reversals_member_idx', 'payment_reversals', ['member_id']);
}

/** The columns of a reversal as 0026 made them, one row per order. */
const COLUMNS_0026 =
  'order_id, network_id, member_id, kind, currency, amount, credits_reversed, credits_unrecovered, created_at';

async function create(db: Kysely<any>, name: string, perReturn: boolean): Promise<void> {
  let table = db.schema.createTable(name);
  table = perReturn
    ? table
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    : table.addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'));
  await table
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .$call(required('text', ['kind', 'currency']))
    .$call(required('integer', ['amount', 'credits_reversed', 'credits_unrecovered']))
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
}
