import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileCard } from '../../../tests/support/users.ts';
import { ApiError } from '../../lib/api-client.ts';
import { $attention } from '../shell/shell.store.ts';
import type { ChatAnswer, ChatListEntry, ChatMessage } from './chat.schemas.ts';
import { badgeCount } from './components/badge.ts';

const client = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  delete: vi.fn(),
  setAuthenticationRequiredHandler: vi.fn(),
}));
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api-client.ts')>()),
  apiClient: client,
}));

const store = await import('./chat.store.ts');

function message(patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    conversation: 'c1',
    profile: 'p-other',
    mine: false,
    type: 'text',
    text: 'Hi',
    photo: null,
    gift: null,
    credits: 0,
    created_at: 1_000,
    read: false,
    held: false,
    client_id: null,
    ...patch,
  };
}

function entry(conversation: string, unread: number): ChatListEntry {
  return {
    conversation: { id: conversation },
    profile: profileCard(`p-${conversation}`),
    num_unread_messages: unread,
    last_message: null,
  };
}

const allowance = {
  costs: { text: 5, image: 10, gift: 15 },
  free_messages_left: null,
  free_conversations_left: null,
  conversation_limit_reached: false,
  message_length: 1000,
  history_days: null,
  message_price: null,
};

function chat(messages: ChatMessage[], conversation: string | null = 'c1'): ChatAnswer {
  return {
    conversation: conversation ? { id: conversation } : null,
    profile: profileCard('p-other'),
    messages,
    before: null,
    history_limited: false,
    allowance,
  };
}

/** Makes the mocked call's next answer wait until the test gives it, to look at the state in between. */
function answerLater(call: typeof client.post): (value: unknown) => void {
  let answer: (value: unknown) => void = () => {};
  call.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  return (value) => answer(value);
}

/** Opens conversation c1, still without messages. */
async function openEmptyChat(): Promise<void> {
  client.get.mockResolvedValueOnce(chat([]));
  await store.openChat({ conversation: 'c1' });
}

beforeEach(() => {
  client.get.mockReset();
  client.post.mockReset();
  client.delete.mockReset();
  store.$chats.set(null);
  store.$conversation.set(null);
  $attention.set({ unreadMessages: 0, newLikes: 0 });
});

describe('the unread total', () => {
  it('is the sum of the chats’ unread counts, and capped at 99+ on badges', async () => {
    client.get.mockResolvedValueOnce({ chats: [entry('c1', 2), entry('c2', 120)], num_unread_messages: 122 });
    await store.refreshChats();
    expect($attention.get().unreadMessages).toBe(122);
    expect(badgeCount(122)).toBe('99+');
    expect(badgeCount(99)).toBe('99');
  });

  it('counts a live message of another conversation and moves its chat to the top', () => {
    store.$chats.set([entry('c1', 0), entry('c2', 1)]);
    store.onMessageEvent({ conversation: 'c2', message: message({ conversation: 'c2' }) });
    expect(store.$chats.get()!.map((c) => c.conversation.id)).toEqual(['c2', 'c1']);
    expect(store.$chats.get()![0]!.num_unread_messages).toBe(2);
    expect($attention.get().unreadMessages).toBe(2);
    // One's own message (from another device) is not unread.
    store.onMessageEvent({ conversation: 'c1', message: message({ conversation: 'c1', mine: true }) });
    expect($attention.get().unreadMessages).toBe(2);
  });

  it('drops to 0 for a chat once it is opened', async () => {
    store.$chats.set([entry('c1', 3), entry('c2', 1)]);
    client.get.mockResolvedValueOnce(chat([message()]));
    await store.openChat({ conversation: 'c1' });
    expect($attention.get().unreadMessages).toBe(1);
  });
});

describe('removing a chat', () => {
  it('hides it at once, then deletes it on the server', async () => {
    store.$chats.set([entry('c1', 1), entry('c2', 0)]);
    const answer = answerLater(client.delete);
    const removing = store.removeChat('c1', () => 'no');
    expect(store.$chats.get()!.map((c) => c.conversation.id)).toEqual(['c2']);
    expect($attention.get().unreadMessages).toBe(0);
    answer({ ok: true });
    await removing;
    expect(client.delete).toHaveBeenCalledWith('/api/chat.php', { conversation: 'c1' });
  });

  it('on failure alerts with the error and reloads the chats', async () => {
    const alert = vi.fn();
    vi.stubGlobal('window', { alert });
    store.$chats.set([entry('c1', 1)]);
    client.delete.mockRejectedValueOnce(new ApiError(404, { error: 'not_found', message: 'Not found' }));
    client.get.mockResolvedValueOnce({ chats: [entry('c1', 1)] });
    await store.removeChat('c1', (error) => `Failed: ${(error as Error).message}`);
    expect(alert).toHaveBeenCalledWith('Failed: Not found');
    expect(store.$chats.get()!.map((c) => c.conversation.id)).toEqual(['c1']);
    vi.unstubAllGlobals();
  });
});

describe('sending', () => {
  it('shows the message at once as pending, then as the server’s, with one client_id', async () => {
    await openEmptyChat();
    const answer = answerLater(client.post);
    const sending = store.sendMessage({ type: 'text', text: 'Hello' });
    const pending = store.$conversation.get()!.messages[0]!;
    expect(pending).toMatchObject({ pending: true, mine: true, text: 'Hello' });
    const [path, body, options] = client.post.mock.calls[0]!;
    expect(path).toBe('/api/chat.php');
    expect(body).toMatchObject({
      conversation: 'c1',
      type: 'text',
      text: 'Hello',
      client_id: pending.client_id,
    });
    expect(options).toEqual({ idempotent: true });
    answer({
      message: message({ id: 'm9', mine: true, text: 'Hello', client_id: pending.client_id }),
      credits: 95,
      allowance,
    });
    await sending;
    expect(store.$conversation.get()!.messages).toEqual([
      message({ id: 'm9', mine: true, text: 'Hello', client_id: pending.client_id }),
    ]);
  });

  it('keeps a refused message with the reason, and a retry sends the same client_id', async () => {
    await openEmptyChat();
    client.post.mockRejectedValueOnce(
      new ApiError(402, { error: 'not_enough_credits', message: 'not enough credits' }),
    );
    await expect(store.sendMessage({ type: 'text', text: 'Hello' })).rejects.toThrow();
    const failed = store.$conversation.get()!.messages[0]!;
    expect(failed.failed).toEqual({ code: 'not_enough_credits', message: 'not enough credits' });
    client.post.mockResolvedValueOnce({
      message: message({ id: 'm2', mine: true, client_id: failed.client_id }),
      credits: 0,
      allowance,
    });
    await store.retryMessage(failed.client_id!);
    expect(client.post.mock.calls[1]![1]).toMatchObject({ client_id: failed.client_id });
    expect(store.$conversation.get()!.messages.map((m) => m.id)).toEqual(['m2']);
  });

  it('shows a message once when the event stream brings it before the send answers', async () => {
    await openEmptyChat();
    const answer = answerLater(client.post);
    const sending = store.sendMessage({ type: 'text', text: 'Twice?' });
    const clientId = store.$conversation.get()!.messages[0]!.client_id!;
    const sent = message({ id: 'm5', mine: true, text: 'Twice?', client_id: clientId });
    store.onMessageEvent({ conversation: 'c1', message: sent });
    answer({ message: sent, credits: 90, allowance });
    await sending;
    expect(store.$conversation.get()!.messages.map((m) => m.id)).toEqual(['m5']);
  });

  it('signals typing at most once every few seconds, and only in a conversation', () => {
    client.post.mockResolvedValue(undefined);
    store.signalTyping(10_000);
    expect(client.post).not.toHaveBeenCalled();
    store.$conversation.set({
      conversation: 'c1',
      profile: profileCard('p-other'),
      messages: [],
      before: null,
      historyLimited: false,
      allowance,
      loadingOlder: false,
      typingUntil: 0,
    });
    store.signalTyping(20_000);
    store.signalTyping(21_000);
    store.signalTyping(20_000 + store.TYPING_THROTTLE_MS);
    expect(client.post.mock.calls.map((c) => c[0])).toEqual(['/api/typing.php', '/api/typing.php']);
  });
});

describe('typing and read state', () => {
  beforeEach(async () => {
    client.get.mockResolvedValueOnce(
      chat([
        message({ id: 'a', mine: true, created_at: 100 }),
        message({ id: 'b', mine: true, created_at: 200 }),
        message({ id: 'c', mine: false, created_at: 150 }),
      ]),
    );
    await store.openChat({ conversation: 'c1' });
  });

  it('marks my messages read up to the moment the other side read', () => {
    store.onReadEvent({ conversation: 'c1', until: 150 });
    expect(store.$conversation.get()!.messages.map((m) => [m.id, m.read])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    store.onReadEvent({ conversation: 'other', until: 500 });
    expect(store.$conversation.get()!.messages[1]!.read).toBe(false);
  });

  it('shows the other side typing for a few seconds, only in their conversation', () => {
    store.onTypingEvent({ conversation: 'c2', profile: 'p-other' }, 1_000);
    expect(store.$conversation.get()!.typingUntil).toBe(0);
    store.onTypingEvent({ conversation: 'c1', profile: 'p-other' }, 1_000);
    expect(store.$conversation.get()!.typingUntil).toBe(1_000 + store.TYPING_SHOWN_MS);
  });

  it('puts a live message of the open conversation in place and reads it', () => {
    client.get.mockResolvedValueOnce(chat([message({ id: 'd', created_at: 300 })]));
    store.onMessageEvent({ conversation: 'c1', message: message({ id: 'd', created_at: 300 }) }, true);
    expect(store.$conversation.get()!.messages.map((m) => m.id)).toContain('d');
    // Reading is asking for the newest page: the server marks it read and tells the sender.
    expect(client.get).toHaveBeenLastCalledWith('/api/chat.php', { query: { conversation: 'c1' } });
  });
});

describe('loading a conversation while messages arrive', () => {
  it('keeps a message the stream brings while the conversation loads, though the answer lacks it', async () => {
    const answer = answerLater(client.get);
    const opening = store.openChat({ conversation: 'c1' });
    // The page has no open conversation yet: the event alone cannot show it.
    store.onMessageEvent({ conversation: 'c1', message: message({ id: 'late', created_at: 500 }) }, false);
    expect(store.$conversation.get()).toBeNull();
    answer(chat([message({ id: 'early', created_at: 400 })]));
    await opening;
    expect(store.$conversation.get()!.messages.map((m) => m.id)).toEqual(['early', 'late']);
    // Nothing is kept for later loads once no fetch is on its way.
    client.get.mockResolvedValueOnce(chat([], 'c2'));
    await store.openChat({ conversation: 'c2' });
    expect(store.$conversation.get()!.messages).toEqual([]);
  });

  it('keeps the newer messages when an earlier fetch is answered after a later one', async () => {
    await openEmptyChat();
    const slow = answerLater(client.get);
    const first = store.openChat({ conversation: 'c1' });
    client.get.mockResolvedValueOnce(
      chat([message({ id: 'a', created_at: 100 }), message({ id: 'b', created_at: 200 })]),
    );
    await store.openChat({ conversation: 'c1' });
    slow(chat([message({ id: 'a', created_at: 100 })]));
    await first;
    expect(store.$conversation.get()!.messages.map((m) => m.id)).toEqual(['a', 'b']);
  });
});
