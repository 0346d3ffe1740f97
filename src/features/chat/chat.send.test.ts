import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { factories, type TestMember, type TestSession } from '../../../tests/support/factories.ts';
import { baseContext, demoSite } from '../../../tests/support/unit-context.ts';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import { translator } from '../../i18n/index.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Site } from '../../tenancy/site.ts';
import { sendMessage, type Chatter } from './chat.service.ts';

/*
 * Chat sends on SQLite, where the sends of one turn share a transaction and its commit
 * (db/group-commit.ts): one member's refused sends neither roll back nor re-run the others', and
 * every member's sends are paced.
 */

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const NOW = Date.UTC(2026, 10, 28, 12);
const t = translator('en');

function context(site: Site): ServiceContext {
  return baseContext(site, db, { now: () => NOW }) as unknown as ServiceContext;
}

type Sender = TestMember & TestSession;

async function sender(credits: number): Promise<Sender> {
  const make = factories(db);
  const member = await make.loggedIn();
  await make.photo(member);
  await make.updateMember(member, { credits });
  return member;
}

function chatter(member: Sender, credits: number): Chatter {
  return {
    id: member.memberId,
    profileId: member.profileId,
    status: 'active',
    paidUser: true,
    invisible: false,
    country: 'DE',
    credits,
  };
}

let sent = 0;
const text = (to: Sender) => ({
  type: 'text' as const,
  profile: to.profileId,
  text: 'Hello there',
  client_id: `client-${String(++sent).padStart(8, '0')}`,
});

/** Counts the transactions begun on `db` and those that were rolled back. */
function watchTransactions(on: Kysely<Database>) {
  const counts = { begun: 0, rolledBack: 0 };
  const original = on.transaction.bind(on);
  vi.spyOn(on, 'transaction').mockImplementation(() => {
    const builder = original();
    const execute = builder.execute.bind(builder);
    counts.begun++;
    return Object.assign(Object.create(builder), {
      execute: async (work: Parameters<typeof execute>[0]) => {
        try {
          return await execute(work);
        } catch (error) {
          counts.rolledBack++;
          throw error;
        }
      },
    }) as typeof builder;
  });
  return counts;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chat sends grouped into one commit', () => {
  it("refuses one member's unpaid sends without rolling back or re-running the others'", async () => {
    const ctx = context(demoSite());
    const price = ctx.site.messageCredits;
    const receiver = await sender(0);
    const others = [await sender(1_000), await sender(1_000), await sender(1_000)];
    // Enough for one send: the session's balance lets every one through to the transaction.
    const spender = await sender(price);
    const counts = watchTransactions(db);
    const outcomes = await Promise.allSettled([
      ...others.map((o) => sendMessage(ctx, t, chatter(o, 1_000), text(receiver))),
      ...Array.from({ length: 5 }, () => sendMessage(ctx, t, chatter(spender, price), text(receiver))),
    ]);
    const statuses = outcomes.map((o) =>
      o.status === 'fulfilled' ? o.value.status : (o.reason as { code: string }).code,
    );
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(3).filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.slice(3).filter((s) => s === 'not_enough_credits')).toHaveLength(4);
    expect(counts.rolledBack).toBe(0);
    const stored = await db.selectFrom('messages').select('sender_profile_id').execute();
    expect(stored).toHaveLength(4);
  });

  it('paces the sends of each member: past the limit a 429 with its wait', async () => {
    const ctx = context(demoSite({ rate_limits: { chat_send: { limit: 3, window_minutes: 1 } } }));
    const receiver = await sender(0);
    const busy = await sender(1_000);
    const calm = await sender(1_000);
    for (let i = 0; i < 3; i++)
      expect((await sendMessage(ctx, t, chatter(busy, 1_000), text(receiver))).status).toBe(201);
    await expect(sendMessage(ctx, t, chatter(busy, 1_000), text(receiver))).rejects.toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfter: expect.any(Number),
    });
    // Another member is paced on their own.
    expect((await sendMessage(ctx, t, chatter(calm, 1_000), text(receiver))).status).toBe(201);
  });
});
