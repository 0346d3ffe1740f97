import type { APIContext } from 'astro';
import { featureEndpoint } from '../../server/endpoint.ts';
import { siteOrigin } from '../../server/request.ts';
import type { SanctionsContext } from './sanctions.service.ts';
import { moderationContext, type ModerationContext } from '../../server/moderation.ts';
import { recordContentDecision } from './sanctions.service.ts';
import { consoleServiceBasics } from '../../server/console-db.ts';

/** The sanctions' context for a request, on a site or on the console: the network's sites by id. */
export function sanctionsContext(locals: App.Locals): SanctionsContext {
  const { platform } = locals;
  const { env } = platform;
  return {
    ...consoleServiceBasics(locals),
    mailer: platform.mailer,
    realtime: platform.realtime,
    secret: platform.secret,
    site: (id) => platform.registry.snapshot.sites.get(id),
    origin: (site) => siteOrigin(site, env.PUBLIC_SCHEME, env.PUBLIC_PORT),
    dsaEnabled: Boolean(env.DSA_API_URL && env.DSA_API_TOKEN),
  };
}

/** The endpoint kit bound to sanctions: handlers get `SanctionsContext` as `ctx`. */
export const sanctionsEndpoint = featureEndpoint<SanctionsContext>({
  context: (context: APIContext) => sanctionsContext(context.locals),
});

/**
 * The moderation queues' context (photos, texts) with their rejections recorded as decisions
 * the member may appeal: the statement of reasons then carries the appeal link.
 */
export function appealableModerationContext(locals: App.Locals): ModerationContext {
  const sanctions = sanctionsContext(locals);
  return {
    ...moderationContext(locals),
    appealToken: (decision) => recordContentDecision(sanctions, locals.staff!, decision),
  };
}
