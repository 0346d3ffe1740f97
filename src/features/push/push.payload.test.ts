import { describe, expect, it } from 'vitest';
import { demoSite } from '../../../tests/support/unit-context.ts';
import {
  MAX_ATTEMPTS,
  PREVIEW_LENGTH,
  RETRY_DELAYS_MS,
  buildPayload,
  categoryOf,
  cutPreview,
  retryAt,
  type PayloadFacts,
} from './push.payload.ts';

const site = demoSite();
const facts = (overrides: Partial<PayloadFacts> = {}): PayloadFacts => ({
  event: { type: 'message', conversationId: 'c1', preview: 'Hello there' },
  actor: { name: 'Ann', fictional: false },
  preview: true,
  badge: 3,
  site,
  locale: 'en',
  ...overrides,
});

describe('the push payload', () => {
  it("of a message: the sender's name, the text, the conversation, its tag and the badge; nothing else", () => {
    const payload = buildPayload(facts());
    expect(payload).toEqual({
      title: 'Ann',
      body: 'Hello there',
      url: '/chats/c1',
      tag: 'chat-c1',
      badge: 3,
    });
    expect(Object.keys(payload)).toEqual(['title', 'body', 'url', 'tag', 'badge']);
  });

  it('with previews off names neither the sender nor the text', () => {
    const payload = buildPayload(facts({ preview: false, actor: { name: 'Ann', fictional: true } }));
    expect(payload).toEqual({
      title: 'New message',
      body: 'Someone wrote to you. Open the chat to read it.',
      url: '/chats/c1',
      tag: 'chat-c1',
      badge: 3,
    });
    const like = buildPayload(facts({ preview: false, event: { type: 'like' } }));
    expect(JSON.stringify(like)).not.toMatch(/Ann/);
    expect(like).toMatchObject({ title: 'New like', url: '/likes/received', tag: 'likes' });
  });

  it("marks a fictional sender with the site's marker, in every kind of push", () => {
    for (const event of [
      { type: 'message' as const, conversationId: 'c1', preview: 'hi' },
      { type: 'like' as const },
      { type: 'match' as const },
    ]) {
      expect(buildPayload(facts({ event, actor: { name: 'Eve', fictional: true } })).title).toBe(
        `Eve ${site.fictionalIcon} (fictional profile)`,
      );
    }
    // The site's word for such a profile in the recipient's language.
    const de = buildPayload(facts({ locale: 'de', actor: { name: 'Eve', fictional: true } })).title;
    expect(de).toMatch(new RegExp(`^Eve ${site.fictionalIcon} \\(.+\\)$`, 'u'));
    expect(de).not.toContain('fictional profile');
  });

  it("speaks the recipient's language", () => {
    expect(buildPayload(facts({ locale: 'de', event: { type: 'match' } }))).toEqual({
      title: 'Ann',
      body: 'Ein Match: Ihr mögt euch gegenseitig.',
      url: '/likes/received',
      tag: 'likes',
      badge: 3,
    });
    expect(buildPayload(facts({ locale: 'fr', preview: false })).title).toBe('Nouveau message');
  });

  it('says a picture or a gift arrived when there is no text to show', () => {
    expect(buildPayload(facts({ event: { type: 'message', conversationId: 'c1' } })).body).toBe(
      'Sent you a message. Open the chat to see it.',
    );
  });

  it('cuts a long preview at a character, never inside an emoji, and flattens line breaks', () => {
    const long = '😀'.repeat(PREVIEW_LENGTH + 5);
    const cut = cutPreview(long);
    expect([...cut]).toHaveLength(PREVIEW_LENGTH);
    expect(cut.endsWith('😀…')).toBe(true);
    expect(cutPreview('one\n\ntwo  three ')).toBe('one two three');
    expect(cutPreview('short')).toBe('short');
  });

  it('has a whole, non-negative badge', () => {
    expect(buildPayload(facts({ badge: -2 })).badge).toBe(0);
    expect(buildPayload(facts({ badge: 2.7 })).badge).toBe(2);
  });
});

describe('the category of an event', () => {
  it('is new_conversations for a first message, new_messages after, like for likes and matches', () => {
    expect(categoryOf({ type: 'message', firstInConversation: true })).toBe('new_conversations');
    expect(categoryOf({ type: 'message', firstInConversation: false })).toBe('new_messages');
    expect(categoryOf({ type: 'message' })).toBe('new_messages');
    expect(categoryOf({ type: 'like' })).toBe('like');
    expect(categoryOf({ type: 'match' })).toBe('like');
  });
});

describe('retries', () => {
  it('wait longer after each failed try and give up after the last', () => {
    const now = 1_000_000;
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryAt(i + 1, now));
    expect(waits.slice(0, -1).map((at) => at! - now)).toEqual([...RETRY_DELAYS_MS]);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++)
      expect(RETRY_DELAYS_MS[i]!).toBeGreaterThan(RETRY_DELAYS_MS[i - 1]!);
    expect(waits.at(-1)).toBeNull();
    expect(retryAt(MAX_ATTEMPTS + 3, now)).toBeNull();
    expect(MAX_ATTEMPTS).toBeLessThanOrEqual(6);
  });
});
