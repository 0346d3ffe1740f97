import type { AstroGlobal } from 'astro';
import { islandMessages, type MessageKey, type Translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { servedNetworks } from '../../../server/console-db.ts';
import type { StaffPrincipal } from '../../../server/staff.ts';
import type { Site } from '../../../tenancy/site.ts';

/**
 * The console pages' guard: a page for staff sends a visitor to the login and a staff member
 * with the one-time password to the password change; one without the page's permission gets
 * 403 with a plain word. Answers the Response to return, or undefined to go on.
 */
function requireStaff(astro: AstroGlobal, permission?: string): Response | undefined {
  const { staff, t } = astro.locals;
  if (!staff) return astro.redirect('/console/login', 303);
  if (staff.mustChangePassword && astro.url.pathname !== '/console/password')
    return astro.redirect('/console/password', 303);
  if (permission && !staff.can(permission))
    return new Response(t('api.forbidden'), {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  return undefined;
}

/** What a console page renders with once the guard has let the staff member in. */
export interface StaffPage {
  staff: StaffPrincipal;
  locale: Locale;
  t: Translate;
  /** The messages for one of the page's islands: only the keys it uses, in the page's language. */
  messages(keys: readonly MessageKey[]): string;
}

/**
 * The start of every console page: the guard (`requireStaff`), then the staff member and the
 * page's words. Answers the guard's Response when it turned the visitor away.
 */
export function staffPage(astro: AstroGlobal, permission?: string): StaffPage | Response {
  const away = requireStaff(astro, permission);
  if (away) return away;
  const { locale, t } = astro.locals;
  return { staff: astro.locals.staff!, locale, t, messages: (keys) => islandMessages(locale, keys) };
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

/** `heldNetworkSites` with each network's sites by id, sorted: what a picker of network, then site, takes. */
export function heldNetworkSiteIds(
  locals: App.Locals,
  permission: string,
): { id: string; sites: string[] }[] {
  return heldNetworkSites(locals, permission).map(({ id, sites }) => ({
    id,
    sites: sites.map((s) => s.id).sort(),
  }));
}
