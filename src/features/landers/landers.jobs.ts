import { sitesByNetwork, withheldSites } from '../../server/context.ts';
import type { Job } from '../../server/jobs/index.ts';
import { landerMediaOf, withdrawStaleClips } from './media/video.ts';

/**
 * The landers' periodic job: generated media must not keep showing a member who left. The
 * request that shows a clip checks it too; this covers the clips nobody asks for.
 */
export const landersJobs: Job[] = [
  {
    name: 'landers.stale-media',
    async run(ctx) {
      const sites = [...ctx.sites()];
      const networks = sitesByNetwork(sites);
      for (const site of sites) {
        if (ctx.signal.aborted) return;
        const network = networks.get(site.network)!;
        const siteCtx = { ...ctx, site, network: site.network, withheldSites: withheldSites(network, site) };
        const taken = await withdrawStaleClips(siteCtx, landerMediaOf(ctx.env));
        if (taken)
          ctx.log.info('landers: a clip showing someone no longer public was taken down', { site: site.id });
      }
    },
  },
];
