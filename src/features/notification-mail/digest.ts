/*
 * Which waiting notification events go out in the member's next e-mail, and how they read: one
 * e-mail for all of them (a digest), a line per conversation and per profile, and never two
 * e-mails about one conversation within the gap.
 */

export type PendingType = 'message' | 'like' | 'match';

export interface PendingItem {
  id: string;
  type: PendingType;
  actorProfileId: string;
  conversationId: string | null;
  firstInConversation: boolean;
  createdAt: number;
}

/** The profile a line is about, as the e-mail names it. */
export interface ActorName {
  name: string;
  /** Run by the operator: the e-mail marks the name as every page does. */
  fictional: boolean;
}

export interface DigestLine {
  /** `first`: a message that opened the conversation (new_conversations). */
  kind: 'first' | 'message' | 'like' | 'match';
  actorProfileId: string;
  conversationId: string | null;
  /** Messages in the conversation (1 for a like or a match). */
  count: number;
}

/**
 * One line per conversation (its messages counted; "first" when one of them opened it) and one
 * per profile that liked: a match is the better news of a like from the same profile, so it
 * replaces it. Lines keep the order in which their first event happened.
 */
export function digestLines(items: readonly PendingItem[]): DigestLine[] {
  const sorted = [...items].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const lines = new Map<string, DigestLine>();
  for (const item of sorted) {
    if (item.type === 'message') {
      const key = `c:${item.conversationId ?? item.id}`;
      const line = lines.get(key);
      if (line) {
        line.count += 1;
        if (item.firstInConversation) line.kind = 'first';
      } else {
        lines.set(key, {
          kind: item.firstInConversation ? 'first' : 'message',
          actorProfileId: item.actorProfileId,
          conversationId: item.conversationId,
          count: 1,
        });
      }
    } else {
      const key = `p:${item.actorProfileId}`;
      const line = lines.get(key);
      if (line) {
        if (item.type === 'match') line.kind = 'match';
      } else {
        lines.set(key, {
          kind: item.type,
          actorProfileId: item.actorProfileId,
          conversationId: null,
          count: 1,
        });
      }
    }
  }
  return [...lines.values()];
}

export interface MailPlan {
  /** Go out now, in one e-mail. */
  send: PendingItem[];
  /** Wait until the gap of their conversation has passed: item id → when. */
  defer: Map<string, number>;
}

/**
 * Splits the member's due events: a message of a conversation mailed less than `gapMs` ago waits
 * until the gap has passed; everything else goes now.
 */
export function planMail(
  items: readonly PendingItem[],
  lastMailedByConversation: ReadonlyMap<string, number>,
  now: number,
  gapMs: number,
): MailPlan {
  const plan: MailPlan = { send: [], defer: new Map() };
  for (const item of items) {
    const last = item.conversationId ? lastMailedByConversation.get(item.conversationId) : undefined;
    if (last !== undefined && now - last < gapMs) plan.defer.set(item.id, last + gapMs);
    else plan.send.push(item);
  }
  return plan;
}
