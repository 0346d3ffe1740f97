import type { APIContext } from 'astro';
import { networkTag, PAGES_DROP_SIGNAL } from './caching.policy.ts';

export { networkTag } from './caching.policy.ts';

/**
 * Drops the pages of a network kept by the route cache (they are tagged with their network,
 * caching.middleware.ts), after a change to who public pages show: a member who withdraws
 * consent is gone from the next visitor's lander, not a minute later. This process drops its
 * copies before it answers; the other processes behind the proxy are told on the cluster signals
 * (caching.provider.ts listens). Shared caches in front (nginx) keep a page at most `s-maxage`
 * (60 s) and then ask again.
 */
export async function dropPublicPages(
  context: Pick<APIContext, 'cache'> & { locals: Pick<App.Locals, 'platform'> },
  network: string,
): Promise<void> {
  // Without a cache provider (`astro dev`) there is nothing kept, and `invalidate` would throw.
  if (context.cache.enabled) await context.cache.invalidate({ tags: [networkTag(network)] });
  await context.locals.platform.signals.publish(PAGES_DROP_SIGNAL, network);
}
