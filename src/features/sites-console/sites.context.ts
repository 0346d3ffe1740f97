import { resolve } from 'node:path';
import type { APIContext } from 'astro';
import { featureEndpoint } from '../../server/endpoint.ts';
import { networkProbe } from './sites.domains.ts';
import type { SitesContext } from './sites.service.ts';
import { consoleDb } from '../../server/console-db.ts';

/** The sites' context of a console request: the registry, its folders and the domain probe. */
export function sitesContext(locals: App.Locals): SitesContext {
  const { platform } = locals;
  const { env } = platform;
  const port = env.PUBLIC_PORT ?? env.PORT;
  return {
    db: consoleDb(locals),
    clock: platform.clock,
    registry: platform.registry,
    dirs: { ...platform.registry.dirs, schemasDir: resolve('schemas') },
    // A visitor's view: the public scheme and port (a proxy in front), two seconds at most.
    probe: networkProbe({ scheme: env.PUBLIC_SCHEME, port, timeoutMs: 2_000 }),
    publicEnv: {
      PUBLIC_SCHEME: env.PUBLIC_SCHEME,
      PUBLIC_PORT: env.PUBLIC_PORT === undefined ? undefined : String(env.PUBLIC_PORT),
      PORT: String(env.PORT),
    },
  };
}

/** The endpoint kit bound to the sites: handlers get `SitesContext` as `ctx`. */
export const sitesEndpoint = featureEndpoint<SitesContext>({
  context: (context: APIContext) => sitesContext(context.locals),
});
