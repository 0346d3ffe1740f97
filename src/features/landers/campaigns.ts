import type { Site } from '../../tenancy/site.ts';
import { isLander, landerPath } from './landers.catalog.ts';

/**
 * Where a campaign token (`/{token}`, spec §2) sends the visitor: its lander (the niche's when the
 * campaign names none or one that does not exist), its slug (the niche's landing slug by default)
 * and its tracking parameters as the query, for the tracking step to store. Undefined for a token
 * the site does not define.
 */
export function campaignLocation(site: Site, token: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(site.campaigns, token)) return undefined;
  const campaign = site.campaigns[token]!;
  const lander = isLander(campaign.lander) ? campaign.lander : site.nicheConfig.default_lander;
  const slug = campaign.slug ?? site.nicheConfig.landing_slug;
  const query = new URLSearchParams(campaign.params).toString();
  return landerPath(lander, slug) + (query ? `?${query}` : '');
}
