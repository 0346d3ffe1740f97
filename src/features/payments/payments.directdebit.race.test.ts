import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { factories } from '../../../tests/support/factories.ts';
import { baseContext, demoSite } from '../../../tests/support/unit-context.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import type { SessionMember } from '../../server/endpoint.ts';
import { createMemoryRateLimiter } from '../../server/rate-limit/index.ts';
import type { Site } from '../../tenancy/site.ts';
import type { PaymentsContext } from './payments.context.ts';
import { DIRECTDEBIT_LIMIT_ORDERS, orderByDirectDebit, sendDirectDebitCode } from './payments.directdebit.ts';

/*
 * The direct debit limit (DIRECTDEBIT_LIMIT_ORDERS in 30 days) holds for debits that race: the
 * check before the transaction lets both through, the one inside it (under the member's held
 * row) lets only one be recorded.
 */

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const PHONE = '+4915112345678';
const IBAN = 'DE89 3704 0044 0532 0130 00';

/** The service context, with the codes the member is sent kept in `codes` (newest last). */
function context(site: Site) {
  let now = Date.UTC(2026, 10, 28, 12);
  // Each reading a second later: every code is newer than the one before.
  const clock = { now: () => (now += 1_000) };
  const codes: string[] = [];
  const ctx = {
    ...baseContext(site, db, clock),
    // The codes' rate limits count in memory: on SQLite the database's counters share a grouped
    // transaction (db/group-commit.ts), which the gate below would hold like a debit's.
    rateLimiter: createMemoryRateLimiter(),
    mailer: { kind: 'outbox', send: async () => ({ messageId: 'receipt' }) },
    sms: {
      kind: 'outbox',
      send: async ({ text }: { text: string }) => {
        codes.push(/\b(\d{6})\b/.exec(text)![1]!);
        return {};
      },
    },
    siteOrigin: 'http://localhost',
    locale: 'en',
    requestCountry: 'DE',
    requestIp: '10.9.8.7',
  } as unknown as PaymentsContext;
  return { ctx, codes };
}

/**
 * Holds every transaction begun on `db` until `parties` of them wait, then lets them all go
 * (and every later one at once). `arrived(n)` resolves once n of them wait.
 */
function gateTransactions(on: Kysely<Database>, parties: number) {
  const original = on.transaction.bind(on);
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const watchers: Array<{ n: number; resolve: () => void }> = [];
  vi.spyOn(on, 'transaction').mockImplementation(() => {
    const builder = original();
    const execute = builder.execute.bind(builder);
    return Object.assign(Object.create(builder), {
      execute: async (work: Parameters<typeof execute>[0]) => {
        waiting += 1;
        for (const w of watchers) if (waiting >= w.n) w.resolve();
        if (waiting >= parties) open();
        await opened;
        return execute(work);
      },
    }) as typeof builder;
  });
  return {
    arrived: (n: number) =>
      new Promise<void>((resolve) => {
        if (waiting >= n) resolve();
        else watchers.push({ n, resolve });
      }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

function order(code: string) {
  return {
    bundle: 'starter',
    code,
    iban: IBAN,
    holder: 'Ann Example',
    street: 'Example Street 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: PHONE,
    authorized: true as const,
  };
}

async function sddOrders(memberId: string): Promise<number> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('member_id', '=', memberId)
    .where('payment_method', '=', 'sdd')
    .execute();
  return rows.length;
}

describe('the direct debit limit under racing debits', () => {
  it('records one of two debits that both passed the early check at 2 of 3', async () => {
    expect(DIRECTDEBIT_LIMIT_ORDERS).toBe(3);
    const { ctx, codes } = context(demoSite());
    const account = await factories(db).member();
    const member = { id: account.memberId, language: 'en' } as SessionMember;
    // Two debits the ordinary way: the member is at 2 of 3.
    for (let i = 0; i < 2; i++) {
      await sendDirectDebitCode(ctx, member, { phone: PHONE });
      await orderByDirectDebit(ctx, member, order(codes.at(-1)!));
    }
    expect(await sddOrders(member.id)).toBe(2);

    // Two more, each with a code that is the member's newest when it is checked: the first
    // waits at its transaction while the second gets its own code and reaches its transaction.
    const gate = gateTransactions(db, 2);
    await sendDirectDebitCode(ctx, member, { phone: PHONE });
    const first = orderByDirectDebit(ctx, member, order(codes.at(-1)!));
    await gate.arrived(1);
    await sendDirectDebitCode(ctx, member, { phone: PHONE });
    const second = orderByDirectDebit(ctx, member, order(codes.at(-1)!));
    const outcomes = await Promise.allSettled([first, second]);

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({ code: 'directdebit_limit', status: 403 });
    expect(await sddOrders(member.id)).toBe(3);
  });
});
