import { describe, expect, it, vi } from 'vitest';
import { profileCard } from '../../../tests/support/users.ts';
import type { LikesAnswer } from './likes.schemas.ts';

const client = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api-client.ts')>()),
  apiClient: client,
  api: (...args: unknown[]) => client.request(...args),
}));

const store = await import('./likes.store.ts');

/** An answer of GET /api/likes.php with only whom the member liked. */
const sent = (ids: string[], next: string | null): LikesAnswer => ({
  profiles: ids.map((id) => profileCard(id)),
  liked_by: [],
  matches: [],
  next: { profiles: next, liked_by: null, matches: null },
});

const shown = () => store.$likes.get()!.profiles.map((c) => c.id);

describe('the likes lists in the browser', () => {
  it('append the next page behind its cursor, and keep it across a refresh of the first page', async () => {
    store.seedLikes(sent(['a', 'b', 'c'], 'cursor-1'));
    client.request.mockResolvedValueOnce(sent(['d', 'e'], 'cursor-2'));
    await store.loadMoreLikes('profiles');
    expect(client.request).toHaveBeenLastCalledWith('GET /api/likes.php', undefined, {
      query: { list: 'profiles', after: 'cursor-1' },
    });
    expect(shown()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(store.$likes.get()!.next.profiles).toBe('cursor-2');

    // A new like came in and "b" was taken back: the fresh first page ends with "c".
    client.request.mockResolvedValueOnce(sent(['x', 'a', 'c'], 'fresh-1'));
    await store.refreshLikes();
    expect(shown()).toEqual(['x', 'a', 'c', 'd', 'e']);
    expect(store.$likes.get()!.next.profiles).toBe('cursor-2');
  });

  it('start over from the fresh first page when it no longer meets the loaded pages', async () => {
    client.request.mockResolvedValueOnce(sent(['y', 'z'], 'fresh-2'));
    await store.refreshLikes();
    expect(shown()).toEqual(['y', 'z']);
    expect(store.$likes.get()!.next.profiles).toBe('fresh-2');
    // A fresh answer that is the whole list is the whole list.
    client.request.mockResolvedValueOnce(sent(['y'], null));
    await store.refreshLikes();
    expect(shown()).toEqual(['y']);
    expect(store.$likes.get()!.next.profiles).toBeNull();
  });

  it('loads nothing for a list without a further page', async () => {
    client.request.mockClear();
    await store.loadMoreLikes('matches');
    expect(client.request).not.toHaveBeenCalled();
  });
});
