import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestLines, planMail, type PendingItem } from './digest.ts';

let n = 0;
const item = (extra: Partial<PendingItem>): PendingItem => ({
  id: `e${++n}`,
  type: 'message',
  actorProfileId: 'p1',
  conversationId: 'c1',
  firstInConversation: false,
  createdAt: n,
  ...extra,
});

const arbitraryItem = fc
  .record({
    id: fc.uuid(),
    type: fc.constantFrom('message' as const, 'like' as const, 'match' as const),
    actorProfileId: fc.constantFrom('p1', 'p2', 'p3'),
    conversation: fc.constantFrom('c1', 'c2', 'c3'),
    firstInConversation: fc.boolean(),
    createdAt: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map(({ conversation, ...rest }): PendingItem => ({
    ...rest,
    conversationId: rest.type === 'message' ? conversation : null,
    firstInConversation: rest.type === 'message' && rest.firstInConversation,
  }));

describe('the digest', () => {
  it('has one line per conversation, counting its messages, “first” when one opened it', () => {
    const lines = digestLines([
      item({ conversationId: 'c1', firstInConversation: true }),
      item({ conversationId: 'c1' }),
      item({ conversationId: 'c2', actorProfileId: 'p2' }),
    ]);
    expect(lines).toEqual([
      { kind: 'first', actorProfileId: 'p1', conversationId: 'c1', count: 2 },
      { kind: 'message', actorProfileId: 'p2', conversationId: 'c2', count: 1 },
    ]);
  });

  it('has one line per profile that liked, a match replacing its like', () => {
    const lines = digestLines([
      item({ type: 'like', actorProfileId: 'p2', conversationId: null }),
      item({ type: 'match', actorProfileId: 'p2', conversationId: null }),
      item({ type: 'like', actorProfileId: 'p3', conversationId: null }),
    ]);
    expect(lines.map((l) => [l.kind, l.actorProfileId])).toEqual([
      ['match', 'p2'],
      ['like', 'p3'],
    ]);
  });

  it('loses no event and counts none twice, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(arbitraryItem, { maxLength: 30 }), (items) => {
        const lines = digestLines(items);
        const messages = items.filter((i) => i.type === 'message');
        expect(lines.filter((l) => l.conversationId).reduce((sum, l) => sum + l.count, 0)).toBe(
          messages.length,
        );
        expect(new Set(lines.filter((l) => l.conversationId).map((l) => l.conversationId))).toEqual(
          new Set(messages.map((m) => m.conversationId)),
        );
        const likers = new Set(items.filter((i) => i.type !== 'message').map((i) => i.actorProfileId));
        expect(
          lines
            .filter((l) => !l.conversationId)
            .map((l) => l.actorProfileId)
            .sort(),
        ).toEqual([...likers].sort());
        expect(digestLines([...items].reverse())).toEqual(lines);
      }),
    );
  });
});

describe('the gap per conversation', () => {
  it('holds back a conversation mailed less than the gap ago until the gap has passed, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryItem, { maxLength: 20, selector: (i) => i.id }),
        fc.dictionary(fc.constantFrom('c1', 'c2', 'c3'), fc.integer({ min: 0, max: 10_000 })),
        fc.integer({ min: 0, max: 10_000 }),
        (items, mailed, gap) => {
          const now = 10_000;
          const last = new Map(Object.entries(mailed));
          const plan = planMail(items, last, now, gap);
          expect(plan.send.length + plan.defer.size).toBe(items.length);
          for (const sent of plan.send) {
            const at = sent.conversationId ? last.get(sent.conversationId) : undefined;
            expect(at === undefined || now - at >= gap).toBe(true);
          }
          for (const [id, until] of plan.defer) {
            const deferred = items.find((i) => i.id === id)!;
            expect(until).toBe(last.get(deferred.conversationId!)! + gap);
            expect(until).toBeGreaterThan(now);
          }
        },
      ),
    );
  });
});
