/** Where the chat islands link, with the page's locale prefix (resolved on the server). */
export interface ChatLinks {
  /** `/chats`; a conversation is `${chats}/${id}`. */
  chats: string;
  /** `/members`; a profile is `${members}/${id}`. */
  members: string;
  credits: string;
  premium: string;
}

/** The links of a page, from the server's path of each in the page's locale (`localePath`). */
export const chatLinks = (inLocale: (path: string) => string): ChatLinks => ({
  chats: inLocale('/chats'),
  members: inLocale('/members'),
  credits: inLocale('/credits'),
  premium: inLocale('/premium'),
});

export const conversationPath = (links: ChatLinks, id: string) => `${links.chats}/${encodeURIComponent(id)}`;
export const memberPath = (links: ChatLinks, id: string) => `${links.members}/${encodeURIComponent(id)}`;
