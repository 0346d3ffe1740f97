import { describe, expect, it } from 'vitest';
import { pendingQuestion, waitingSince, type ThreadMessage } from './host-inbox.honest.ts';

const member = (id: string, text: string, at: number): ThreadMessage => ({
  id,
  mine: false,
  text,
  created_at: at,
});
const host = (id: string, text: string, at: number): ThreadMessage => ({
  id,
  mine: true,
  text,
  created_at: at,
});

describe('the honest-answer rule', () => {
  it('finds the member’s question until an honest answer follows it', () => {
    const thread = [member('a', 'Hi there', 1), member('b', 'Are you real?', 2), host('c', 'hello', 3)];
    expect(pendingQuestion(thread, new Set(), null)?.id).toBe('b');
    // An ordinary reply does not answer it; the honest answer does.
    expect(pendingQuestion(thread, new Set(), 2)).toBeNull();
    expect(pendingQuestion([...thread, member('d', 'bist du ein Bot?', 5)], new Set(), 4)?.id).toBe('d');
  });

  it('counts a message a host marked, and never the profile’s own words', () => {
    const thread = [member('a', 'you seem too good to be true', 1), host('b', 'are you real?', 2)];
    expect(pendingQuestion(thread, new Set(), null)).toBeNull();
    expect(pendingQuestion(thread, new Set(['a']), null)?.id).toBe('a');
  });

  it('measures the wait from the member’s first unanswered message', () => {
    expect(
      waitingSince(
        [member('a', 'x', 10), host('b', 'y', 20), member('c', 'z', 30), member('d', 'w', 40)],
        99,
      ),
    ).toBe(30);
    expect(waitingSince([member('a', 'x', 10), host('b', 'y', 20)], 99)).toBe(99);
  });
});
