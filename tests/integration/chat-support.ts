import { expect } from 'vitest';
import type { SiteRef } from '../support/factories.ts';
import type { TestResponse } from '../support/server.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import { call, shownMember, type LoggedIn } from './likes-support.ts';

/* Helpers of the chat tests: a member's chat calls, credits, and the stored rows and events. */

export { call, shownMember, type LoggedIn };

let counter = 0;
/** A fresh idempotency key. */
export function clientId(): string {
  counter += 1;
  return `cid-${process.pid}-${counter}-${Date.now().toString(36)}`;
}

export interface Message {
  id: string;
  conversation: string;
  profile: string;
  mine: boolean;
  type: string;
  text: string | null;
  gift: { id: string; credits: number } | null;
  photo: { id: string; filename: string; blurred: string } | null;
  credits: number;
  read: boolean;
  held: boolean;
  client_id: string | null;
}

/** `POST /api/chat.php` of a message to a profile, with a fresh `client_id` unless `content` has one. */
function sendTo(
  app: ServerUnderTest,
  from: LoggedIn,
  to: { profileId: string },
  content: Record<string, unknown>,
): Promise<TestResponse> {
  return call(app, from, 'POST', '/api/chat.php', {
    profile: to.profileId,
    client_id: clientId(),
    ...content,
  });
}

/** `POST /api/chat.php` with a text to a profile (a fresh `client_id` unless given). */
export function sendText(
  app: ServerUnderTest,
  from: LoggedIn,
  to: { profileId: string },
  text = 'Hello there',
  extra: Record<string, unknown> = {},
): Promise<TestResponse> {
  return sendTo(app, from, to, { type: 'text', text, ...extra });
}

/** `POST /api/chat.php` with a gift of the catalogue to a profile. */
export function sendGift(app: ServerUnderTest, from: LoggedIn, to: { profileId: string }, gift: string) {
  return sendTo(app, from, to, { type: 'gift', gift });
}

/** `POST /api/chat.php` with an uploaded chat picture to a profile. */
export function sendImage(app: ServerUnderTest, from: LoggedIn, to: { profileId: string }, photo: string) {
  return sendTo(app, from, to, { type: 'image', photo });
}

/** A member with credits who has just written `text` to an operator-run profile of the network. */
export async function memberWritingToOperator(app: ServerUnderTest, text: string) {
  const member: LoggedIn = await app.make.loggedIn({ name: 'Martin' });
  await app.make.order(member, { credits: 200 });
  const operator = await app.make.operatorProfile({ network: member.network, name: 'Sophie' });
  const sent = await sendText(app, member, operator, text);
  expect(sent.status, sent.body).toBe(201);
  return {
    member,
    operator,
    conversation: sent.json<{ message: { conversation: string } }>().message.conversation,
  };
}

/** A member with `credits` on the balance (bought, so premium). */
export async function payingMember(app: ServerUnderTest, credits = 100, site?: SiteRef): Promise<LoggedIn> {
  const member = await shownMember(app, site ? { site } : {});
  await app.make.order(member, { credits });
  await app.make.updateMember(member, { paid_user: 1, credits });
  return member;
}

export async function balanceOf(app: ServerUnderTest, member: LoggedIn): Promise<number> {
  const row = await app.db
    .selectFrom('members')
    .select('credits')
    .where('id', '=', member.memberId)
    .executeTakeFirstOrThrow();
  return Number(row.credits);
}

export async function ledgerOf(app: ServerUnderTest, member: LoggedIn) {
  return app.db
    .selectFrom('credit_ledger')
    .select(['delta', 'reason', 'reference'])
    .where('member_id', '=', member.memberId)
    .where('reason', 'in', ['message', 'photo', 'gift'])
    .execute();
}

export async function eventsOf(app: ServerUnderTest, member: LoggedIn, type?: string) {
  let query = app.db.selectFrom('events').select(['type', 'data']).where('member_id', '=', member.memberId);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => ({ type: r.type, data: JSON.parse(r.data) as Record<string, unknown> }));
}

export interface ChatsBody {
  chats: Array<{
    conversation: { id: string };
    profile: { id: string; fictional: boolean };
    num_unread_messages: number;
    last_message: Message | null;
  }>;
  num_unread_messages: number;
}

export async function chatsOf(app: ServerUnderTest, member: LoggedIn): Promise<ChatsBody> {
  const res = await call(app, member, 'GET', '/api/chats.php');
  if (res.status !== 200) throw new Error(`chats.php ${res.status}: ${res.body}`);
  return res.json<ChatsBody>();
}
