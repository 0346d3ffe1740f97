import type { APIContext } from 'astro';
import { networkTag } from './caching.policy.ts';

export { networkTag } from './caching.policy.ts';

/**
 * Drops the pages of a network kept by this process's route cache (they are tagged with their
 * network, caching.middleware.ts), after a change to who public pages show: a member who
 * withdraws consent is gone from the next visitor's lander, not a minute later. Shared caches
 * in front (nginx) keep a page at most `s-maxage` (60 s) and then ask again.
 */
export async function dropPublicPages(context: Pick<APIContext, 'cache'>, network: string): Promise<void> {
  // Without a cache provider (`astro dev`) there is nothing kept, and `invalidate` would throw.
  if (!context.cache.enabled) return;
  await context.cache.invalidate({ tags: [networkTag(network)] });
}
