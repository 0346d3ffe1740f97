import { sitesEndpoint } from '../../../features/sites-console/sites.context.ts';
import { checkDomainsQuerySchema } from '../../../features/sites-console/sites.schemas.ts';
import { checkSiteDomains } from '../../../features/sites-console/sites.service.ts';

/**
 * `GET /console/api/sites-check.php?site=ID` (any staff of its network): whether each domain of
 * the site resolves and answers as that site, asked from the server (kept 30 seconds).
 */
export const GET = sitesEndpoint({
  staff: true,
  query: checkDomainsQuerySchema,
  async handle({ ctx, locals, input }) {
    return { site: input.site, domains: await checkSiteDomains(ctx, locals.staff!, input.site) };
  },
});
