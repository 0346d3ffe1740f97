import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { payingMember, sendText, shownMember } from './chat-support.ts';

/*
 * A chat send is the member area's busiest write (ARCHITECTURE.md rule 10): its statements are
 * counted so that a change which adds a read or a write to every message shows here. A paid text
 * in a conversation that exists: the session, the other side's card with its account and the
 * pair's conversation (one statement), the member's pace (the counter of this window and the
 * previous window's: a send is limited per member), the transaction (begin, the balance, the
 * ledger entry, the message, the conversation, the receiver's unread count, one insert for both
 * live events, commit), and after it notify(): the receiver's push subscriptions (a receiver
 * without one costs nothing more) and the e-mail that waits for the message to go unseen (one
 * insert, drained by a job, which drops it when the message was read by then). The retry check
 * is asked only of a refusal; on SQLite the transaction runs alone, so the sender's row is not
 * held (on PostgreSQL it is: one more).
 */
const SEND_STATEMENTS = 14;

const app = useServer({ env: { KINDRED_COUNT_SQL: '1' } });

describe('the SQL statements of a chat send', () => {
  it(`a paid text costs at most ${SEND_STATEMENTS}`, async () => {
    const ann = await payingMember(app, 100);
    const bo = await shownMember(app);
    const before = app.server.output().length;
    // The first text opens the conversation; the second is the usual send.
    expect((await sendText(app, ann, bo, 'Opening line')).status).toBe(201);
    expect((await sendText(app, ann, bo, 'And another')).status).toBe(201);
    // The count is printed when the answer has gone out, so it may follow the answer a little.
    const line = /^sql statements: POST \/api\/chat\.php (\d+)$/gm;
    const counted = () => [...app.server.output().slice(before).matchAll(line)].map((m) => Number(m[1]));
    for (let waited = 0; counted().length < 2 && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(counted()).toHaveLength(2);
    expect(counted()[1]).toBeLessThanOrEqual(SEND_STATEMENTS);
  });

  it('a text the balance cannot pay is refused before its transaction', async () => {
    const ann = await payingMember(app, 4);
    const bo = await shownMember(app);
    const before = app.server.output().length;
    expect((await sendText(app, ann, bo, 'Too dear')).status).toBe(402);
    const line = /^sql statements: POST \/api\/chat\.php (\d+)$/gm;
    const counted = () => [...app.server.output().slice(before).matchAll(line)].map((m) => Number(m[1]));
    for (let waited = 0; counted().length < 1 && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    // The session, the member's pace (two), the other side's card with the pair's conversation,
    // and (a refusal) the retry check: no begin, no rollback, so the sends grouped with it
    // (src/db/group-commit.ts) never run again.
    expect(counted()).toEqual([5]);
  });
});
