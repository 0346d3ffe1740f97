import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPostgresDatabase, type TestPostgresDatabase } from '../../../tests/support/postgres.ts';
import { createDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Database, LedgerReason } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testMember } from '../../../tests/support/rows.ts';
import { DomainError } from '../../server/errors.ts';
import { bookCredits, type Booked } from './credits.ledger.ts';

/*
 * The ledger's invariants under random, concurrent bookings: buys (a reference that webhooks may
 * replay), spends (each its own message) and refunds (of an order, replayable too), all started at
 * once so they race for the member's row. Whatever the interleaving:
 *   - no entry and no balance is ever negative;
 *   - a refused booking leaves nothing behind (no entry, no change to the balance);
 *   - a replayed cause is booked once, and its replay answers the first entry;
 *   - the sum of the entries equals the cached balance, which equals what the accepted bookings add.
 * PostgreSQL is where the races are real (a pool of connections); SQLite serialises writers.
 */

const NET = 'net';
const SITE = 'unit';
const MEMBER = 'member0000000001';

type Command =
  | { kind: 'buy'; credits: number; order: number }
  | { kind: 'spend'; credits: number }
  | { kind: 'refund'; credits: number; order: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  // Few orders, so the same order is bought (a replayed webhook) or refunded more than once.
  fc.record({
    kind: fc.constant('buy' as const),
    credits: fc.integer({ min: 1, max: 500 }),
    order: fc.nat(4),
  }),
  fc.record({ kind: fc.constant('spend' as const), credits: fc.integer({ min: 1, max: 300 }) }),
  fc.record({
    kind: fc.constant('refund' as const),
    credits: fc.integer({ min: 1, max: 500 }),
    order: fc.nat(4),
  }),
);

interface Outcome {
  command: Command;
  reason: LedgerReason;
  reference: string;
  delta: number;
  result: Booked | 'refused';
}

describe.each(['sqlite', 'postgres'] as const)('the ledger on %s', (dialect) => {
  let postgres: TestPostgresDatabase | undefined;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    if (dialect === 'postgres') postgres = await withPostgresDatabase();
    handle = await createDatabase({ databaseUrl: postgres?.url ?? 'sqlite::memory:', dataDir: '.' });
    db = handle.db;
    await migrateToLatest(db);
  }, 120_000);
  afterAll(async () => {
    await handle?.destroy();
    await postgres?.drop();
  });
  beforeEach(reset);

  async function reset(): Promise<void> {
    await db.deleteFrom('credit_ledger').execute();
    await db.deleteFrom('members').execute();
    await db
      .insertInto('members')
      .values(testMember({ id: MEMBER, network_id: NET, site_id: SITE, email: 'kim@example.org' }))
      .execute();
  }

  async function run(command: Command, index: number): Promise<Outcome> {
    const [reason, reference, delta]: [LedgerReason, string, number] =
      command.kind === 'buy'
        ? ['purchase', `order${command.order}`, command.credits]
        : command.kind === 'refund'
          ? ['refund', `order${command.order}`, -command.credits]
          : ['message', `message${index}`, -command.credits];
    try {
      const result = await db.transaction().execute((trx) =>
        bookCredits(trx, {
          network: NET,
          siteId: SITE,
          memberId: MEMBER,
          delta,
          reason,
          reference,
          now: index,
        }),
      );
      return { command, reason, reference, delta, result };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_enough_credits') {
        return { command, reason, reference, delta, result: 'refused' };
      }
      throw error;
    }
  }

  it('keeps its invariants whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 25 }), async (commands) => {
        await reset();
        const outcomes = await Promise.all(commands.map((command, index) => run(command, index)));

        const entries = await db
          .selectFrom('credit_ledger')
          .selectAll()
          .where('member_id', '=', MEMBER)
          .execute();
        const member = await db
          .selectFrom('members')
          .select('credits')
          .where('id', '=', MEMBER)
          .executeTakeFirstOrThrow();
        const balance = Number(member.credits);

        // Never negative, before or after any entry.
        expect(balance).toBeGreaterThanOrEqual(0);
        for (const entry of entries) expect(Number(entry.balance_after)).toBeGreaterThanOrEqual(0);

        // The cache is the ledger's sum.
        expect(entries.reduce((sum, entry) => sum + Number(entry.delta), 0)).toBe(balance);

        // Each cause once: one entry per (reason, reference), the first accepted booking's.
        const booked = outcomes.filter(
          (o): o is Outcome & { result: Booked } => o.result !== 'refused' && !o.result.replay,
        );
        expect(entries).toHaveLength(booked.length);
        const keys = new Set(entries.map((entry) => `${entry.reason}:${entry.reference}`));
        expect(keys.size).toBe(entries.length);
        for (const outcome of booked) {
          const entry = entries.find((e) => e.id === outcome.result.entryId);
          expect(entry?.delta).toBe(outcome.delta);
          expect(entry?.reference).toBe(outcome.reference);
        }
        for (const outcome of outcomes) {
          if (outcome.result === 'refused' || !outcome.result.replay) continue;
          const first = entries.find((e) => e.reason === outcome.reason && e.reference === outcome.reference);
          expect(first?.id).toBe(outcome.result.entryId);
        }

        // A refused booking left nothing: a refused spend's message has no entry, and the balance
        // is exactly what the accepted bookings added.
        for (const outcome of outcomes) {
          if (outcome.result !== 'refused' || outcome.reason !== 'message') continue;
          expect(entries.some((e) => e.reference === outcome.reference)).toBe(false);
        }
        expect(booked.reduce((sum, o) => sum + o.delta, 0)).toBe(balance);

        // Replaying every accepted cause books nothing more.
        const replays = await Promise.all(
          booked.map((o, index) =>
            run(o.command, o.reason === 'message' ? commands.indexOf(o.command) : index),
          ),
        );
        for (const replay of replays) {
          expect(replay.result).not.toBe('refused');
          if (replay.result !== 'refused') expect(replay.result.replay).toBe(true);
        }
        expect(await db.selectFrom('credit_ledger').select('id').execute()).toHaveLength(entries.length);
      }),
      { numRuns: dialect === 'postgres' ? 30 : 60 },
    );
  }, 120_000);
});
