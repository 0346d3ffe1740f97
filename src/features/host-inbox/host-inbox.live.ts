import { auditConversationRead } from './host-inbox.audit.ts';
import { platformError } from '../../server/errors.ts';
import { openLiveStream, RETRY_MS, type LiveTopic, type RealtimeEvent } from '../../server/realtime/index.ts';
import { INBOX_LIST_TOPIC, inboxConversationTopic, operatorChat } from '../chat/index.ts';
import { staffSessionEnd, staffStreamKey } from '../staff/index.ts';
import type { HostInboxContext } from './host-inbox.context.ts';
import { asksIfReal } from './host-inbox.detector.ts';
import type { InboxLiveQuery } from './host-inbox.schemas.ts';

/*
 * `GET /console/api/inbox-events.php`: the host inbox, live (docs/console.md "Host inbox").
 * Without `conversation` the stream tells the inbox list which conversations started or stopped
 * waiting and who holds which; with it, a conversation the host has open gets the member's new
 * messages, their typing and the claim's changes. Only hosts (`create_profiles`) listen, only to
 * the networks where they may answer, and only for as long as their staff session lasts.
 */

/** Console pages one staff session may keep live at once in a process (tabs of one host). */
export const INBOX_STREAMS_PER_SESSION = 8;

/** The networks where the staff member may answer as operator-run profiles. */
function answerableNetworks(ctx: HostInboxContext): string[] {
  const held = ctx.staff.networksFor('create_profiles');
  const networks = held === 'all' ? ctx.networks() : held;
  return networks.filter((network) => ctx.staff.can('read_conversations', network));
}

/**
 * What the viewer is shown of a bus event: a claim as theirs or another host's, a member's
 * message with whether it asks if the profile is real (the honest-answer rule's trigger).
 * Nothing but these four kinds ever leaves.
 */
function presentFor(ctx: HostInboxContext, event: RealtimeEvent): { type: string; data: unknown } | null {
  switch (event.type) {
    case 'inbox':
      return { type: 'inbox', data: event.data };
    case 'inbox_claim': {
      const { conversation, network, claim } = event.data;
      return {
        type: 'claim',
        data: {
          conversation,
          network,
          claim: claim && {
            staff: claim.staff,
            mine: claim.staff_id === ctx.staff.id,
            expires_at: claim.expires_at,
          },
        },
      };
    }
    case 'inbox_message': {
      const { conversation, message } = event.data;
      return {
        type: 'message',
        data: {
          conversation,
          message: { ...message, asks_if_real: !message.mine && asksIfReal(message.text) },
        },
      };
    }
    case 'inbox_typing':
      return { type: 'typing', data: { conversation: event.data.conversation } };
    default:
      return null;
  }
}

/**
 * Opens the stream. A conversation's stream shows what the member writes, so it is a reading of
 * the conversation like opening it: an audit entry (`inbox.conversation.read`, `live: true`).
 */
export async function openInboxStream(
  ctx: HostInboxContext,
  query: InboxLiveQuery,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  let topics: LiveTopic[];
  if (query.conversation) {
    const chat = await operatorChat(ctx, query.conversation);
    // As everywhere in the inbox: another network's conversation answers as one that does not exist.
    if (!chat || !ctx.staff.can('read_conversations', chat.network_id)) throw platformError('not_found');
    if (!ctx.staff.can('create_profiles', chat.network_id)) throw platformError('forbidden');
    topics = [{ network: chat.network_id, key: inboxConversationTopic(chat.conversation_id) }];
    await auditConversationRead(ctx.db, ctx, chat, ctx.clock.now(), true);
  } else {
    topics = answerableNetworks(ctx).map((network) => ({ network, key: INBOX_LIST_TOPIC }));
  }
  const { db, staff } = ctx;
  const stream = openLiveStream(ctx.realtime, {
    topics,
    session: {
      ...staffStreamKey(staff.id),
      sessionId: staff.sessionId,
      expiry: () => staffSessionEnd(db, staff.sessionId),
    },
    present: (event) => presentFor(ctx, event),
    clock: ctx.clock,
    heartbeatMs: ctx.heartbeatMs,
    retryMs: RETRY_MS,
    perSession: INBOX_STREAMS_PER_SESSION,
    signal,
  });
  if (!stream) throw platformError('rate_limited', { retryAfter: 60 });
  return stream;
}
