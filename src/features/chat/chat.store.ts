import { atom } from 'nanostores';
import { apiClient, isApiError, type ApiError } from '../../lib/api-client.ts';
import { $user } from '../accounts/accounts.store.ts';
import { $attention } from '../shell/shell.store.ts';
import type { RealtimeEventMap } from '../../server/realtime/realtime-bus.ts';
import type {
  ChatAllowance,
  ChatAnswer,
  ChatListEntry,
  ChatMessage,
  ChatsAnswer,
  Gift,
  SendAnswer,
  SendInput as SendBody,
} from './chat.schemas.ts';

/** The events of `GET /api/events.php` the chat listens to, as the realtime bus defines them. */
export type ChatEvents = Pick<RealtimeEventMap, 'message' | 'typing' | 'read'>;

/*
 * Browser state of the chat (spec §3 Chat store): the list of chats with their unread counts,
 * the open conversation's messages, and the unread total the navigation, the title and the app
 * badge show. Browser only: on the server a module-level store would be shared by every request.
 */

/** The member's chats as last fetched; null until the first answer. */
export const $chats = atom<ChatListEntry[] | null>(null);

/** A message as the open conversation shows it: sent, on its way, or refused. */
export interface Bubble extends ChatMessage {
  /** On its way to the server (optimistic). */
  pending?: boolean;
  /** Refused or lost; the text says why, `retry` sends it again with the same `client_id`. */
  failed?: { code: string; message: string };
  /** What the send was, to retry it exactly. */
  body?: SendBody;
}

export interface OpenConversation {
  /** The conversation's id; null before the first message to this profile. */
  conversation: string | null;
  profile: ChatAnswer['profile'];
  /** Oldest first. */
  messages: Bubble[];
  before: string | null;
  historyLimited: boolean;
  allowance: ChatAllowance | null;
  loadingOlder: boolean;
  /** Until when the other side counts as typing (epoch ms); 0 when not. */
  typingUntil: number;
}

/** The open conversation; null on other pages and while it loads. */
export const $conversation = atom<OpenConversation | null>(null);

/** Spec §3 Chat store: the chat opened last, whom with and when (epoch ms). */
export const $lastOpened = atom<{ profile: string; at: number } | null>(null);

/** The site's gift catalogue, once asked for. */
export const $gifts = atom<Gift[] | null>(null);

/** How long a typing signal counts: a little more than the sender's throttle. */
export const TYPING_SHOWN_MS = 6_000;
/** While the member types, at most one typing signal this often. */
export const TYPING_THROTTLE_MS = 3_000;

/** Spec §3: the unread total follows the list. */
function takeChats(chats: ChatListEntry[]): ChatListEntry[] {
  $chats.set(chats);
  $attention.setKey(
    'unreadMessages',
    chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0),
  );
  return chats;
}

/** The list as a page was rendered with it (the chats page), before any call of its own. */
export function showChats(chats: ChatListEntry[]): void {
  takeChats(chats);
}

export async function refreshChats(): Promise<ChatListEntry[]> {
  const answer = await apiClient.get<ChatsAnswer>('/api/chats.php');
  return takeChats(answer.chats);
}

/**
 * Spec §4 Chats: removing a chat hides it at once, then deletes it on the server; on failure
 * an alert with the error is shown and the chats are reloaded.
 */
export async function removeChat(conversation: string, failure: (error: unknown) => string): Promise<void> {
  const before = $chats.get() ?? [];
  takeChats(before.filter((chat) => chat.conversation.id !== conversation));
  try {
    await apiClient.delete('/api/chat.php', { conversation });
  } catch (error) {
    window.alert(failure(error));
    await refreshChats().catch(() => takeChats(before));
  }
}

/** Opening a chat sets its unread count to 0 (spec §4), in the list and the badge. */
function markOpened(conversation: string | null): void {
  const chats = $chats.get();
  if (!conversation || !chats) return;
  takeChats(
    chats.map((chat) => (chat.conversation.id === conversation ? { ...chat, num_unread_messages: 0 } : chat)),
  );
}

export type ChatTarget = { conversation: string } | { profile: string };

function query(target: ChatTarget, before?: string): Record<string, string> {
  const q: Record<string, string> =
    'conversation' in target ? { conversation: target.conversation } : { profile: target.profile };
  if (before) q.before = before;
  return q;
}

/**
 * Messages the event stream brought while a conversation was being fetched. The fetch may have
 * been answered before they were written, so the answer alone would lose them until the next
 * load; they are kept here until every fetch in flight has ended.
 */
let arrivedWhileLoading: ChatEvents['message'][] = [];
let loadsInFlight = 0;

/** Loads the newest page of a conversation (which marks it read on the server). */
export async function openChat(target: ChatTarget): Promise<OpenConversation> {
  loadsInFlight += 1;
  let answer: ChatAnswer;
  let arrived: ChatEvents['message'][];
  try {
    answer = await apiClient.get<ChatAnswer>('/api/chat.php', { query: query(target) });
  } finally {
    loadsInFlight -= 1;
    arrived = arrivedWhileLoading;
    if (loadsInFlight === 0) arrivedWhileLoading = [];
  }
  const previous = $conversation.get();
  const same = previous && previous.conversation && previous.conversation === answer.conversation?.id;
  // Bubbles still on their way stay below what the server already has.
  const waiting = same
    ? previous.messages.filter(
        (m) =>
          (m.pending || m.failed) && !answer.messages.some((a) => a.client_id && a.client_id === m.client_id),
      )
    : [];
  const older = same
    ? previous.messages.filter(
        (m) => !m.pending && !m.failed && m.created_at < (answer.messages[0]?.created_at ?? 0),
      )
    : [];
  // What is newer than the answer: shown before it came (an answer to an earlier fetch may
  // come last) or brought by the stream while it was on its way.
  const id = answer.conversation?.id;
  const known = new Set(answer.messages.map((m) => m.id));
  const newest = answer.messages.at(-1)?.created_at ?? 0;
  const newer: Bubble[] = [];
  const candidates: Bubble[] = [
    ...(same ? previous.messages : []),
    ...arrived.filter((event) => id && event.conversation === id).map((event) => event.message),
  ];
  for (const m of candidates) {
    if (m.pending || m.failed || known.has(m.id) || m.created_at < newest) continue;
    known.add(m.id);
    newer.push(m);
  }
  newer.sort((a, b) => a.created_at - b.created_at);
  const open: OpenConversation = {
    conversation: answer.conversation?.id ?? null,
    profile: answer.profile,
    messages: [...older, ...answer.messages, ...newer, ...waiting],
    before: same && older.length > 0 ? previous.before : (answer.before ?? null),
    historyLimited: answer.history_limited,
    allowance: answer.allowance ?? null,
    loadingOlder: false,
    typingUntil: same ? previous.typingUntil : 0,
  };
  $conversation.set(open);
  $lastOpened.set({ profile: open.profile.id, at: Date.now() });
  markOpened(open.conversation);
  return open;
}

/** The page before the oldest shown (scrolling up); nothing when at the start. */
export async function loadOlder(): Promise<void> {
  const open = $conversation.get();
  if (!open || !open.before || open.loadingOlder || !open.conversation) return;
  $conversation.set({ ...open, loadingOlder: true });
  try {
    const answer = await apiClient.get<ChatAnswer>('/api/chat.php', {
      query: query({ conversation: open.conversation }, open.before),
    });
    const current = $conversation.get() ?? open;
    const known = new Set(current.messages.map((m) => m.id));
    $conversation.set({
      ...current,
      messages: [...answer.messages.filter((m) => !known.has(m.id)), ...current.messages],
      before: answer.before ?? null,
      historyLimited: answer.history_limited,
      loadingOlder: false,
    });
  } catch (error) {
    $conversation.set({ ...($conversation.get() ?? open), loadingOlder: false });
    throw error;
  }
}

export async function loadGifts(): Promise<Gift[]> {
  const known = $gifts.get();
  if (known) return known;
  const { gifts } = await apiClient.get<{ gifts: Gift[] }>('/api/gifts.php');
  $gifts.set(gifts);
  return gifts;
}

export async function loadIcebreakers(): Promise<string[]> {
  const { icebreakers } = await apiClient.get<{ icebreakers: string[] }>('/api/icebreakers.php');
  return icebreakers;
}

/** Uploads a chat picture (not one of the profile's photos); answers its id for the send. */
export async function uploadChatPhoto(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('photo', file);
  const { photo } = await apiClient.post<{ photo: { id: string } }>('/api/chat-photo.php', form);
  return photo.id;
}

function newClientId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function replaceBubble(clientId: string, next: (bubble: Bubble) => Bubble | null): void {
  const open = $conversation.get();
  if (!open) return;
  const messages: Bubble[] = [];
  for (const bubble of open.messages) {
    if (bubble.client_id !== clientId) messages.push(bubble);
    else {
      const replaced = next(bubble);
      if (replaced) messages.push(replaced);
    }
  }
  $conversation.set({ ...open, messages });
}

export type SendContent =
  | { type: 'text'; text: string }
  | { type: 'image'; photo: string; preview?: string }
  | { type: 'gift'; gift: Gift };

/**
 * Sends a message with a fresh `client_id`: the bubble shows at once as pending, becomes the
 * server's message on success, or shows why it failed. The same key on a retry makes the
 * server send (and charge) once, however often the request is repeated.
 */
export async function sendMessage(content: SendContent): Promise<void> {
  const open = $conversation.get();
  if (!open) return;
  const clientId = newClientId();
  const body: SendBody = {
    ...(open.conversation ? { conversation: open.conversation } : { profile: open.profile.id }),
    type: content.type,
    client_id: clientId,
    ...(content.type === 'text' ? { text: content.text } : {}),
    ...(content.type === 'image' ? { photo: content.photo } : {}),
    ...(content.type === 'gift' ? { gift: content.gift.id } : {}),
  };
  const bubble: Bubble = {
    id: `pending-${clientId}`,
    conversation: open.conversation ?? '',
    profile: '',
    mine: true,
    type: content.type,
    text: content.type === 'text' ? content.text : null,
    photo:
      content.type === 'image' && content.preview
        ? {
            id: content.photo,
            filename: content.preview,
            thumb_filename: content.preview,
            blurred: content.preview,
          }
        : null,
    gift: content.type === 'gift' ? content.gift : null,
    credits: 0,
    created_at: Date.now(),
    read: false,
    held: false,
    client_id: clientId,
    pending: true,
    body,
  };
  $conversation.set({ ...open, messages: [...open.messages, bubble] });
  await deliver(body);
}

/** Sends a failed bubble again, with the key it had. */
export async function retryMessage(clientId: string): Promise<void> {
  const bubble = $conversation.get()?.messages.find((m) => m.client_id === clientId);
  if (!bubble?.body) return;
  replaceBubble(clientId, (b) => ({ ...b, pending: true, failed: undefined }));
  await deliver(bubble.body);
}

/** Forgets a failed bubble. */
export function discardMessage(clientId: string): void {
  replaceBubble(clientId, () => null);
}

async function deliver(body: SendBody): Promise<void> {
  try {
    const answer = await apiClient.post<SendAnswer>('/api/chat.php', body, { idempotent: true });
    const open = $conversation.get();
    // A message to a new profile opens the conversation: later sends and typing name it.
    if (open && !open.conversation) $conversation.set({ ...open, conversation: answer.message.conversation });
    const current = $conversation.get();
    if (current && answer.allowance) $conversation.set({ ...current, allowance: answer.allowance });
    replaceBubble(body.client_id, () => ({ ...answer.message }));
    dedupe();
    const user = $user.get();
    if (user && typeof answer.credits === 'number') $user.set({ ...user, credits: answer.credits });
  } catch (error) {
    const failure = isApiError(error)
      ? { code: error.code, message: error.message }
      : { code: 'network_error', message: '' };
    replaceBubble(body.client_id, (b) => ({ ...b, pending: false, failed: failure }));
    throw error;
  }
}

/** A message may arrive through the event stream before its send answers; show it once. */
function dedupe(): void {
  const open = $conversation.get();
  if (!open) return;
  const seen = new Set<string>();
  const messages = open.messages.filter((m) => {
    const key = m.client_id && m.mine ? `c:${m.client_id}` : `i:${m.id}`;
    if (
      seen.has(key) ||
      (m.pending && open.messages.some((o) => !o.pending && o.id !== m.id && o.client_id === m.client_id))
    )
      return false;
    seen.add(key);
    return true;
  });
  if (messages.length !== open.messages.length) $conversation.set({ ...open, messages });
}

let lastTyping = 0;

/** Tells the other side the member is typing, at most once every few seconds. */
export function signalTyping(now = Date.now()): void {
  const conversation = $conversation.get()?.conversation;
  if (!conversation || now - lastTyping < TYPING_THROTTLE_MS) return;
  lastTyping = now;
  apiClient.post('/api/typing.php', { conversation }, { idempotent: false }).catch(() => {});
}

/** The member's own message sent: a new text starts a new typing signal at once. */
export function typingDone(): void {
  lastTyping = 0;
}

/**
 * A message event: into the open conversation (read at once, by asking the server for the
 * newest page, which marks it read and tells the sender), else into the list and the badge.
 */
export function onMessageEvent(event: ChatEvents['message'], visible = isVisible()): void {
  if (loadsInFlight > 0) arrivedWhileLoading.push(event);
  const open = $conversation.get();
  const { message } = event;
  if (open && (open.conversation === event.conversation || (!open.conversation && message.mine))) {
    if (message.mine && message.client_id && open.messages.some((m) => m.client_id === message.client_id)) {
      replaceBubble(message.client_id, (b) => (b.pending ? { ...message } : b));
    } else if (!open.messages.some((m) => m.id === message.id)) {
      $conversation.set({
        ...open,
        conversation: open.conversation ?? event.conversation,
        messages: [...open.messages, message],
        typingUntil: message.mine ? open.typingUntil : 0,
      });
    }
    if (!message.mine && visible) {
      void openChat({ conversation: event.conversation }).catch(() => {});
      return;
    }
  }
  const chats = $chats.get();
  const known = chats?.find((chat) => chat.conversation.id === event.conversation);
  if (!chats || !known) {
    void refreshChats().catch(() => {});
    return;
  }
  const unread = message.mine ? known.num_unread_messages : known.num_unread_messages + 1;
  const updated = { ...known, last_message: message, num_unread_messages: unread };
  takeChats([updated, ...chats.filter((chat) => chat !== known)]);
}

export function onTypingEvent(event: ChatEvents['typing'], now = Date.now()): void {
  const open = $conversation.get();
  if (!open || open.conversation !== event.conversation || event.profile !== open.profile.id) return;
  $conversation.set({ ...open, typingUntil: now + TYPING_SHOWN_MS });
}

/** The other side has read up to a moment: my messages until then show as read. */
export function onReadEvent(event: ChatEvents['read']): void {
  const open = $conversation.get();
  if (!open || open.conversation !== event.conversation) return;
  $conversation.set({
    ...open,
    messages: open.messages.map((m) =>
      m.mine && !m.read && !m.pending && m.created_at <= event.until ? { ...m, read: true } : m,
    ),
  });
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** The error's own message when the server gave one, else the caller's generic text. */
export function errorText(error: unknown, generic: string): string {
  return isApiError(error) && (error as ApiError).message ? (error as ApiError).message : generic;
}
