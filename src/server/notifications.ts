import type { ServiceContext } from './context.ts';

/**
 * What happened that a member away from the site may want to hear of (API.md "Away from the
 * site"). A feature calls the notifications feature's `notify()` after it has committed and
 * published its realtime event; `notify()` hands the event to every registered sender.
 */
export type NotificationEventType = 'message' | 'like' | 'match';

export interface NotificationEvent {
  /** Unique per event: a sender's own rows refer to it, and other senders ask about it. */
  id: string;
  type: NotificationEventType;
  /** The site the recipient belongs to: its brand, language defaults and hosts. */
  siteId: string;
  network: string;
  recipientMemberId: string;
  /** The profile that wrote, liked or matched. */
  actorProfileId: string;
  /** For `message`: the conversation and the message. */
  conversationId?: string;
  messageId?: string;
  /** For `message`: whether it opened the conversation (the `new_conversations` category). */
  firstInConversation?: boolean;
  /** For a text `message`: its text, for a preview the member may turn off. */
  preview?: string;
  at: Date;
}

/**
 * One channel that reaches a member away from the site (push, e-mail). The composition root
 * (src/app/) registers them; the server toolkit knows none of them by name.
 */
export interface NotificationSender {
  readonly name: string;
  /**
   * Takes the event after the feature's commit. It records what it will send and returns at
   * once: the sending itself happens outside the request (an outbox drained after the commit,
   * or a job when the sending waits).
   */
  accept(ctx: ServiceContext, event: NotificationEvent): Promise<void>;
  /**
   * Whether this sender has reached the member with that event: a later channel (the e-mail
   * after its delay) asks every other sender before it sends.
   */
  delivered?(ctx: ServiceContext, eventId: string): Promise<boolean>;
}

let registered: readonly NotificationSender[] = [];

/** The composition root names the senders once, before the server starts. */
export function registerNotificationSenders(senders: readonly NotificationSender[]): void {
  const names = new Set<string>();
  for (const sender of senders) {
    if (names.has(sender.name)) throw new Error(`notification sender "${sender.name}" is registered twice`);
    names.add(sender.name);
  }
  registered = senders;
}

/** The senders registered so far, in the order they were named. */
export function notificationSenders(): readonly NotificationSender[] {
  return registered;
}
