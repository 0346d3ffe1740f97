import type { APIContext } from 'astro';
import { featureEndpoint } from '../../server/endpoint.ts';
import type { StatisticsContext } from './statistics.service.ts';
import { consoleDb, servedNetworks } from '../../server/console-db.ts';

/** The statistics' context of a console request: the database, the clock and the sites served. */
export function statisticsContext(locals: App.Locals): StatisticsContext {
  const { platform } = locals;
  return {
    db: consoleDb(locals),
    clock: platform.clock,
    networks: () => servedNetworks(platform),
    sitesOf: (network) =>
      platform.registry
        .sitesOfNetwork(network)
        .map((s) => s.id)
        .sort(),
  };
}

/** The endpoint kit bound to the statistics: handlers get `StatisticsContext` as `ctx`. */
export const statisticsEndpoint = featureEndpoint<StatisticsContext>({
  context: (context: APIContext) => statisticsContext(context.locals),
});
