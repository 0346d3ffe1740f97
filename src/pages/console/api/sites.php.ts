import { staffActor } from '../../../features/staff/staff.actor.ts';
import { sitesEndpoint } from '../../../features/sites-console/sites.context.ts';
import { createSiteInputSchema } from '../../../features/sites-console/sites.schemas.ts';
import { createSiteFromConsole, listSites } from '../../../features/sites-console/sites.service.ts';

/**
 * `GET /console/api/sites.php` (any staff): the sites of the caller's networks with their health:
 * the checker's findings per tenant file (broken files too), when each was loaded.
 */
export const GET = sitesEndpoint({
  staff: true,
  handle: ({ ctx, locals }) => listSites(ctx, locals.staff!),
});

/**
 * `POST /console/api/sites.php { domains, name, niche, … }` (manage_sites in the site's network):
 * writes a new tenant file by the rules of `tenants new`; 422 `site_invalid` with the problems.
 * Audited.
 */
export const POST = sitesEndpoint({
  staff: 'manage_sites',
  body: createSiteInputSchema,
  async handle({ ctx, locals, input }) {
    return { site: await createSiteFromConsole(ctx, locals.staff!, staffActor(locals), input) };
  },
});
