import type { NotificationEvent } from '../../server/notifications.ts';
import { translator } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { markedName, type MarkingSite } from '../../tenancy/public-settings.ts';
import type { PushPayload } from '../pwa/index.ts';

/** A preview longer than this is cut: a notification shows two lines or so. */
export const PREVIEW_LENGTH = 120;

export interface PayloadFacts {
  event: Pick<NotificationEvent, 'type' | 'conversationId' | 'preview'>;
  /** The sender's name and whether the operator runs the profile. */
  actor: { name: string; fictional: boolean };
  /** The member's choice: sender and text shown, or a neutral notification. */
  preview: boolean;
  /** Unread messages plus new likes, after this event. */
  badge: number;
  /** The site whose marker a fictional sender's name carries (`markedName`). */
  site: MarkingSite;
  /** The recipient's language. */
  locale: Locale;
}

/** Cuts at a character boundary (never inside a surrogate pair) and says it was cut. */
export function cutPreview(text: string, length = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= length ? flat : `${chars.slice(0, length - 1).join('')}…`;
}

/** The tag of an event: a conversation's pushes replace each other, likes and matches too. */
export function tagOf(event: Pick<NotificationEvent, 'type' | 'conversationId'>): string {
  return event.type === 'message' ? `chat-${event.conversationId}` : 'likes';
}

/**
 * The push for one event in the recipient's language. A fictional sender's name always carries
 * the site's marker (honest product); with previews off neither the name nor the text appears.
 */
export function buildPayload(facts: PayloadFacts): PushPayload {
  const { event, actor, preview } = facts;
  const t = translator(facts.locale);
  const name = markedName(facts.site, facts.locale, t, actor);
  const tag = tagOf(event);
  const badge = Math.max(0, Math.floor(facts.badge));
  if (event.type === 'message') {
    const url = `/chats/${event.conversationId}`;
    if (!preview)
      return {
        title: t('push.message.neutral_title'),
        body: t('push.message.neutral_body'),
        url,
        tag,
        badge,
      };
    const body = event.preview ? cutPreview(event.preview) : '';
    return { title: name, body: body || t('push.message.no_text'), url, tag, badge };
  }
  const url = '/likes/received';
  if (event.type === 'match') {
    if (!preview)
      return { title: t('push.match.neutral_title'), body: t('push.match.neutral_body'), url, tag, badge };
    return { title: name, body: t('push.match.body'), url, tag, badge };
  }
  if (!preview)
    return { title: t('push.like.neutral_title'), body: t('push.like.neutral_body'), url, tag, badge };
  return { title: name, body: t('push.like.body'), url, tag, badge };
}

/** The notification category that governs an event (API.md: a match counts as `like`). */
export function categoryOf(
  event: Pick<NotificationEvent, 'type' | 'firstInConversation'>,
): 'new_conversations' | 'new_messages' | 'like' {
  if (event.type === 'message') return event.firstInConversation ? 'new_conversations' : 'new_messages';
  return 'like';
}

/**
 * When a push that failed is tried again, after its `attempt`-th try; null: given up. The push
 * service was down or refused for now (429, 5xx, no answer): soon, then more and more rarely; a
 * notification hours late is worth little, so after five tries it is dropped.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export function retryAt(attempt: number, now: number): number | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : now + delay;
}
