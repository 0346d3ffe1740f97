import { serviceContext } from '../../server/context.ts';
import { siteOrigin } from '../../server/request.ts';
import type { Site } from '../../tenancy/site.ts';
import type { PhotoModerationContext } from './photos.moderation.ts';

/**
 * The photo queue's context for a console request. The console has no site of its own: a
 * decision acts in the photo's network, through the member's own site (its storage, its
 * sender and colours for the statement of reasons, its domain for the links).
 */
export function photoModerationContext(locals: Pick<App.Locals, 'platform'>): PhotoModerationContext {
  const { platform } = locals;
  return {
    db: platform.db,
    clock: platform.clock,
    log: platform.log,
    siteContext(siteId) {
      const site = platform.registry.snapshot.sites.get(siteId);
      return site ? serviceContext({ platform, site }) : undefined;
    },
    siteOrigin: (site: Site) => siteOrigin(site, platform.env.PUBLIC_SCHEME, platform.env.PUBLIC_PORT),
  };
}

/** A site by id, for the queue's labels. */
export function siteById(locals: Pick<App.Locals, 'platform'>): (id: string) => Site | undefined {
  return (id) => locals.platform.registry.snapshot.sites.get(id);
}
