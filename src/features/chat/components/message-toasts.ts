import { onRealtime } from '../../shell/realtime.store.ts';
import { toast } from '../../shell/toasts.ts';
import type { ChatListEntry } from '../chat.schemas.ts';
import { $chats, $conversation, refreshChats } from '../chat.store.ts';

/** What the toasts say, in the member's language, and where they lead. */
export interface MessageToastOptions {
  /** "{name} sent you a message", with the sender's name. */
  text: (name: string) => string;
  /** The link's words ("Open the chat"). */
  open: string;
  closeLabel: string;
  /** A conversation's page: `/chats/{conversation id}` with the page's locale prefix. */
  chatPath: (conversation: string) => string;
  /**
   * The site's fictional label in words (a toast is text, and an emoji may lack a font): a
   * fictional sender's toast carries it.
   */
  fictional: string;
  /** The page's route without locale prefix: the chat list itself shows new messages. */
  routePath: string;
}

/**
 * A short in-app toast for a message that arrives while the member is elsewhere in the app: who
 * wrote and a link into the conversation (the toast region is an aria-live region). Not on the
 * chat list, and not while that very conversation is open, where the message shows itself.
 * Answers the unsubscribe.
 */
export function startMessageToasts(options: MessageToastOptions): () => void {
  return onRealtime('message', (event) => {
    if (event.message.mine) return;
    if (options.routePath === '/chats') return;
    // That conversation's own page, even before its island has loaded the conversation.
    if ($conversation.get()?.conversation === event.conversation) return;
    if (location.pathname.endsWith(`/chats/${event.conversation}`)) return;
    void senderOf(event.conversation)
      .then((sender) => {
        if (!sender) return;
        toast(options.text(sender.name), {
          variant: 'info',
          closeLabel: options.closeLabel,
          link: { href: options.chatPath(event.conversation), label: options.open },
          note: sender.fictional ? options.fictional : undefined,
          durationMs: 8_000,
        });
      })
      .catch(() => {});
  });
}

/** The other side of a conversation, from the chat list (asked again when it is not there yet). */
async function senderOf(conversation: string) {
  const find = (list: ChatListEntry[] | null) =>
    list?.find((chat) => chat.conversation.id === conversation)?.profile;
  return find($chats.get()) ?? find(await refreshChats());
}
