import type { AstroGlobal } from 'astro';
import { islandMessages, type MessageKey, type Translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { servedNetworks } from '../../../server/console-db.ts';
import type { StaffPrincipal } from '../../../server/staff.ts';
import type { Site } from '../../../tenancy/site.ts';

/** What a console page renders with once the guard has let the staff member in. */
export interface StaffPage {
  staff: StaffPrincipal;
  locale: Locale;
  t: Translate;
  /** The messages for one of the page's islands: only the keys it uses, in the page's language. */
  messages(keys: readonly MessageKey[]): string;
}

/**
 * What every console page starts from: the staff member and the page's words. The pipeline's
 * console step (`guardConsolePage`) has already turned away whoever may not open the page.
 */
export function consolePage(astro: AstroGlobal): StaffPage {
  const { locale, t, staff } = astro.locals;
  if (!staff) throw new Error('a console page rendered without the console step');
  return { staff, locale, t, messages: (keys) => islandMessages(locale, keys) };
}

const servedSites = (locals: App.Locals): Site[] => [...locals.platform.registry.snapshot.sites.values()];

/** The served sites in the networks where the staff member holds `permission`, in the registry's order. */
export function heldSites(locals: App.Locals, permission: string): Site[] {
  const { staff } = locals;
  return staff ? servedSites(locals).filter((site) => staff.can(permission, site.network)) : [];
}

/**
 * The networks where the staff member holds `permission`, by name, sorted: every served network
 * for one who holds all of them.
 */
export function heldNetworks(locals: App.Locals, permission: string): string[] {
  const held = locals.staff?.networksFor(permission) ?? [];
  return held === 'all' ? servedNetworks(locals.platform) : [...held].sort();
}

/**
 * The served networks where the staff member holds `permission`, sorted, each with its sites
 * (a held network that no site serves is left out: there is nothing to pick in it).
 */
export function heldNetworkSites(locals: App.Locals, permission: string): { id: string; sites: Site[] }[] {
  const held = locals.staff?.networksFor(permission) ?? [];
  const sites = servedSites(locals);
  return servedNetworks(locals.platform)
    .filter((network) => held === 'all' || held.includes(network))
    .map((id) => ({ id, sites: sites.filter((site) => site.network === id) }));
}

/**
 * `heldNetworkSites` with each network's sites as a picker of network, then site, takes them:
 * id and name, sorted by name.
 */
export function heldNetworkSiteChoices(
  locals: App.Locals,
  permission: string,
): { id: string; sites: (readonly [id: string, name: string])[] }[] {
  return heldNetworkSites(locals, permission).map(({ id, sites }) => ({
    id,
    sites: siteChoices(sites),
  }));
}

/** The names of the sites of the networks where the staff member may do `permission`, by id. */
export function heldSiteNames(locals: App.Locals, permission: string): Record<string, string> {
  return Object.fromEntries(
    heldNetworkSites(locals, permission).flatMap(({ sites }) => sites.map((site) => [site.id, site.name])),
  );
}

/** Sites as a picker offers them: id and name, sorted by name. */
export function siteChoices(sites: readonly Site[]): (readonly [id: string, name: string])[] {
  return sites.map((s) => [s.id, s.name] as const).sort((a, b) => a[1].localeCompare(b[1]));
}
