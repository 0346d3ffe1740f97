import { describe, expect, it } from 'vitest';
import { openSse, type SseClient, type SseEvent } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';
import { call, clientId, memberWritingToOperator, sendText } from './chat-support.ts';
import { addDirectly, CONSOLE_HOST, logIn, MINUTE, staffCli } from './console-support.ts';
import type { Visitor } from '../support/visitor.ts';

/*
 * The host inbox, live (docs/console.md "Host inbox"): `GET /console/api/inbox-events.php`
 * streams the list's changes and an open conversation's messages, typing and claims to hosts of
 * the conversation's network, for as long as their staff session lasts.
 */
const app = useServer({ clock: true, env: { EVENTS_HEARTBEAT_SECONDS: '0.3' } });

const memberWritingTo = (text: string) => memberWritingToOperator(app, text);

async function staff(role: 'host' | 'moderator' = 'host', network = 'amber') {
  const login = await addDirectly(app, role, network);
  return { visitor: await logIn(app, login), email: login.email };
}

function live(visitor: Visitor, conversation?: string): Promise<SseClient> {
  const query = conversation ? `?conversation=${conversation}` : '';
  return openSse(app.server.baseUrl, `/console/api/inbox-events.php${query}`, {
    host: CONSOLE_HOST,
    cookie: `staff=${visitor.cookies.get('staff')}`,
  });
}

const of = (events: SseEvent[], type: string) =>
  events.filter((e) => e.event === type).map((e) => JSON.parse(e.data) as Record<string, unknown>);

const reply = (visitor: Visitor, conversation: string, body: Record<string, unknown>) =>
  visitor.send('POST', '/console/api/inbox.php', { conversation, client_id: clientId(), ...body });

describe('the live host inbox', () => {
  it('brings a member’s message to an operator-run profile to the open console at once', async () => {
    const { member, operator, conversation } = await memberWritingTo('Hi Sophie');
    const { visitor } = await staff();
    const opened = await visitor.get(`/console/api/inbox.php?conversation=${conversation}`);
    expect(opened.status, opened.body).toBe(200);
    const list = await live(visitor);
    const thread = await live(visitor, conversation);
    // A host of another network hears nothing of it.
    const stranger = await live((await staff('host', 'curvy')).visitor);
    try {
      expect(thread.status).toBe(200);
      expect(thread.headers['content-type']).toMatch(/^text\/event-stream/);

      const typing = await call(app, member, 'POST', '/api/typing.php', { conversation });
      expect(typing.status, typing.body).toBeLessThan(300);
      await thread.waitFor((events) => of(events, 'typing').length > 0);
      expect(of(thread.events, 'typing')).toEqual([{ conversation }]);

      expect((await sendText(app, member, operator, 'are you real?')).status).toBe(201);
      await thread.waitFor((events) => of(events, 'message').length > 0);
      expect(of(thread.events, 'message')).toEqual([
        {
          conversation,
          message: expect.objectContaining({ text: 'are you real?', mine: false, asks_if_real: true }),
        },
      ]);
      await list.waitFor((events) => of(events, 'inbox').length > 0);
      expect(of(list.events, 'inbox')).toEqual([{ conversation, network: 'amber', change: 'waiting' }]);
      // Only which conversation changed goes to the list: no words, no member.
      expect(list.events.find((e) => e.event === 'inbox')!.data).not.toContain('real');

      // The honest-answer rule holds as before: only the honest answer may go out now.
      const refused = await reply(visitor, conversation, { text: 'Of course, darling' });
      expect(refused.json<{ error: string }>().error).toBe('honest_answer_required');
      const honest = await reply(visitor, conversation, { honest: true });
      expect(honest.status, honest.body).toBe(201);
      await list.waitFor((events) => of(events, 'inbox').some((e) => e.change === 'answered'));
      await thread.waitFor((events) =>
        of(events, 'message').some((e) => (e.message as { mine: boolean }).mine),
      );
      expect(stranger.events).toEqual([]);
    } finally {
      list.close();
      thread.close();
      stranger.close();
    }
    // Following a conversation live is a reading of it, in the audit log like opening it.
    const audit = await app.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'inbox.conversation.read')
      .where('target_id', '=', conversation)
      .execute();
    expect(audit.map((a) => JSON.parse(a.after!) as { live?: boolean }).some((a) => a.live)).toBe(true);
  });

  it('shows a claim taken or given up by another host live', async () => {
    const { conversation } = await memberWritingTo('Anyone there?');
    const first = await staff();
    const second = await staff();
    expect((await first.visitor.get(`/console/api/inbox.php?conversation=${conversation}`)).status).toBe(200);
    const thread = await live(first.visitor, conversation);
    const list = await live(first.visitor);
    try {
      await app.withClock(11 * MINUTE, async () => {
        const taken = await second.visitor.send('POST', '/console/api/inbox-claim.php', { conversation });
        expect(taken.status, taken.body).toBe(200);
        await thread.waitFor((events) => of(events, 'claim').length > 0);
        expect(of(thread.events, 'claim')).toEqual([
          {
            conversation,
            network: 'amber',
            claim: expect.objectContaining({ staff: second.email, mine: false }),
          },
        ]);
        await list.waitFor((events) => of(events, 'claim').length > 0);
        const released = await second.visitor.send('DELETE', '/console/api/inbox-claim.php', {
          conversation,
        });
        expect(released.status).toBe(200);
        await thread.waitFor((events) => of(events, 'claim').length === 2);
        expect(of(thread.events, 'claim')[1]).toEqual({ conversation, network: 'amber', claim: null });
      });
    } finally {
      thread.close();
      list.close();
    }
  });

  it('is for hosts, in their own networks', async () => {
    const { conversation } = await memberWritingTo('Hello?');
    const anonymous = await openSse(app.server.baseUrl, '/console/api/inbox-events.php', {
      host: CONSOLE_HOST,
    });
    expect(anonymous.status).toBe(403);
    await anonymous.waitForEnd();
    expect(JSON.parse(anonymous.text())).toMatchObject({ error: 'authentication_required' });
    anonymous.close();
    const moderator = await live((await staff('moderator')).visitor);
    expect(moderator.status).toBe(403);
    moderator.close();
    const foreign = await live((await staff('host', 'curvy')).visitor, conversation);
    expect(foreign.status).toBe(404);
    foreign.close();
  });

  it('ends with the staff session: a logout, the command line’s disable, or 30 idle minutes', async () => {
    const { visitor } = await staff();
    const stream = await live(visitor);
    expect(stream.status).toBe(200);
    expect((await visitor.send('DELETE', '/console/api/session.php', {})).status).toBe(200);
    await stream.waitForEnd(2_000);

    // Another process ends the session: the stream learns it at its next heartbeat.
    const disabled = await staff();
    const before = await live(disabled.visitor);
    try {
      await before.waitFor((_, comments) => comments.includes('heartbeat'), 2_000);
      const run = staffCli(app, ['disable', disabled.email]);
      expect(run.status, run.stderr).toBe(0);
      await before.waitForEnd(2_000);
    } finally {
      before.close();
    }

    const idle = await live((await staff()).visitor);
    try {
      await idle.waitFor((_, comments) => comments.includes('heartbeat'), 2_000);
      await app.withClock(31 * MINUTE, () => idle.waitForEnd(2_000));
    } finally {
      idle.close();
    }
  });
});
