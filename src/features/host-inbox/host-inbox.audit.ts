import { recordAudit, type AuditEntryInput } from '../../server/audit/audit.ts';
import type { OperatorConversationRow } from '../chat/index.ts';
import type { HostInboxContext } from './host-inbox.context.ts';

type AuditDb = Parameters<typeof recordAudit>[0];

/** Audits a host's action that has no transaction to share, at the clock's now. */
export function auditNow(ctx: HostInboxContext, entry: AuditEntryInput): Promise<void> {
  return recordAudit(ctx.db, ctx.actor, entry, ctx.clock.now());
}

/** Audits what the host did in one conversation: under its network, about its member. */
export function auditChat(
  db: AuditDb,
  ctx: HostInboxContext,
  chat: OperatorConversationRow,
  now: number,
  entry: Pick<AuditEntryInput, 'action' | 'target' | 'after'>,
): Promise<void> {
  return recordAudit(db, ctx.actor, { ...entry, network: chat.network_id, member: chat.member_id }, now);
}

/** Reading a conversation is audited alike whether the host opened it or follows it live. */
export function auditConversationRead(
  db: AuditDb,
  ctx: HostInboxContext,
  chat: OperatorConversationRow,
  now: number,
  live = false,
): Promise<void> {
  const after = { profile: chat.operator_profile_id, member_profile: chat.member_profile_id };
  return auditChat(db, ctx, chat, now, {
    action: 'inbox.conversation.read',
    target: { type: 'conversation', id: chat.conversation_id },
    after: live ? { ...after, live: true } : after,
  });
}
