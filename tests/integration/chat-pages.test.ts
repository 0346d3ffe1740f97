import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { payingMember, sendText } from './chat-support.ts';
import { call, shownMember } from './likes-support.ts';

/*
 * The chat's pages (spec §2 chats, chats-id, members-id-chat): members only and never cached,
 * the islands mounted with their messages and links, and nothing inline that the CSP refuses.
 */

const app = useServer();

describe('chat pages', () => {
  it('send a visitor to log in and come back', async () => {
    for (const path of ['/chats', '/chats/abc', '/members/abc/chat']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  it('show a member the list and the conversation, private and CSP-clean', async () => {
    const me = await shownMember(app, { name: 'Reader' });
    const other = await shownMember(app, { name: 'Other', gender: 'female', seeking: 'male' });
    const { conversationId } = await app.make.message(other, me, 'Hello');
    const pages = {
      '/chats': 'ChatList',
      [`/members/${other.profileId}/chat`]: 'Conversation',
      [`/chats/${conversationId}`]: 'Conversation',
      '/de/chats': 'ChatList',
    };
    for (const [path, island] of Object.entries(pages)) {
      const res = await call(app, me, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toMatch(/no-store/);
      expect(res.body, path).toContain('noindex');
      expect(res.body, path).toMatch(new RegExp(`<astro-island[^>]+component-url="[^"]*${island}`));
      // The CSP allows no inline styles in server HTML.
      expect(res.body, path).not.toMatch(/\sstyle=/i);
    }
    const german = await call(app, me, 'GET', '/de/chats');
    expect(german.body).toContain('Nachrichten');
    expect(german.body).toContain('/de/members');
    const chat = await call(app, me, 'GET', `/members/${other.profileId}/chat?gift=1`);
    // The profile's gift button opens the chat with the gift picker.
    expect(chat.body).toMatch(/giftFirst&quot;:\[0,true\]/);
    expect(chat.body).toContain('layout-chat');
  });

  it('show the list with the page: its first paint is the conversations, not a loading line', async () => {
    const me = await shownMember(app, { name: 'Lister' });
    const writer = await payingMember(app);
    const sent = await sendText(app, writer, me, 'Good morning, Lister');
    expect(sent.status, sent.body).toBe(201);
    const list = await call(app, me, 'GET', '/chats');
    expect(list.body).toMatch(/<ul class="chat-index[^"]*"/);
    expect(list.body).toContain('Good morning, Lister');
    expect(list.body).not.toContain('chat-loading');
  });

  it("answer a conversation that is not the member's, or none, with the 404 page", async () => {
    const me = await shownMember(app, { name: 'Stranger' });
    const a = await shownMember(app, { name: 'Ann' });
    const b = await shownMember(app, { name: 'Bo', gender: 'female', seeking: 'male' });
    const { conversationId } = await app.make.message(a, b, 'Just us');
    for (const path of [
      '/chats/no-such-conversation',
      `/chats/${conversationId}`,
      `/de/chats/${conversationId}`,
    ]) {
      const res = await call(app, me, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('Conversation');
    }
  });
});
