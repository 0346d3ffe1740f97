import type { APIContext } from 'astro';
import type { z } from 'zod';
import { featureEndpoint } from '../../server/endpoint.ts';
import type { Platform } from '../../server/platform.ts';
import { staffActor, staffFieldMessage } from '../staff/index.ts';
import { networkQuerySchema } from './codes.schemas.ts';
import type { CodesContext } from './codes.service.ts';
import { consoleDb, consoleServiceBasics } from '../../server/console-db.ts';

/** The codes' context of a console request: the platform's database and clock, who acts, the sites. */
export function codesContext(locals: App.Locals): CodesContext {
  const platform: Platform = locals.platform;
  const sites = platform.registry.snapshot.sites;
  return {
    db: consoleDb(locals),
    clock: platform.clock,
    staff: locals.staff!,
    actor: staffActor(locals),
    siteNetwork: (siteId) => sites.get(siteId)?.network,
    site: (siteId) => sites.get(siteId),
    sitesOf: (network) => [...sites.values()].filter((site) => site.network === network),
    mail: {
      ...consoleServiceBasics(locals),
      mailer: platform.mailer,
      secret: platform.secret,
      scheme: platform.env.PUBLIC_SCHEME,
      publicPort: platform.env.PUBLIC_PORT,
    },
  };
}

/** The endpoint kit bound to the codes: handlers get `CodesContext` as `ctx` (after the staff guard). */
export const codesEndpoint = featureEndpoint<CodesContext>({
  context: (context: APIContext) => codesContext(context.locals),
  fieldMessage: staffFieldMessage,
});

/**
 * The two routes of one kind of code (discount, invite), for owners who manage codes: `GET
 * ?network` lists the network's codes, `POST` takes the kind's actions (audited).
 */
export function networkCodeRoutes<Action extends z.ZodType>(
  actionSchema: Action,
  list: (ctx: CodesContext, network: string) => Promise<unknown>,
  act: (ctx: CodesContext, input: z.output<Action>) => Promise<unknown>,
) {
  return {
    GET: codesEndpoint({
      staff: 'manage_codes',
      query: networkQuerySchema,
      handle: ({ ctx, input }) => list(ctx, input.network),
    }),
    POST: codesEndpoint({
      staff: 'manage_codes',
      body: actionSchema,
      // A body schema always gives input; the kit's type cannot tell that of a generic schema.
      handle: ({ ctx, input }) => act(ctx, input as z.output<Action>),
    }),
  };
}
