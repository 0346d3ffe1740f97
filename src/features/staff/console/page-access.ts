import type { AstroGlobal } from 'astro';
import type { Site } from '../../../tenancy/site.ts';

/**
 * The console pages' guard: a page for staff sends a visitor to the login and a staff member
 * with the one-time password to the password change; one without the page's permission gets
 * 403 with a plain word. Answers the Response to return, or undefined to go on.
 */
export function requireStaff(astro: AstroGlobal, permission?: string): Response | undefined {
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

const servedSites = (locals: App.Locals): Site[] => [...locals.platform.registry.snapshot.sites.values()];

const servedNetworks = (locals: App.Locals): string[] => [
  ...new Set(servedSites(locals).map((site) => site.network)),
];

/**
 * The networks where the staff member holds `permission`, by name, sorted: every served network
 * for one who holds all of them.
 */
export function heldNetworks(locals: App.Locals, permission: string): string[] {
  const held = locals.staff?.networksFor(permission) ?? [];
  return (held === 'all' ? servedNetworks(locals) : [...held]).sort();
}

/**
 * The served networks where the staff member holds `permission`, sorted, each with its sites
 * (a held network that no site serves is left out: there is nothing to pick in it).
 */
export function heldNetworkSites(locals: App.Locals, permission: string): { id: string; sites: Site[] }[] {
  const held = locals.staff?.networksFor(permission) ?? [];
  const sites = servedSites(locals);
  return servedNetworks(locals)
    .filter((network) => held === 'all' || held.includes(network))
    .sort()
    .map((id) => ({ id, sites: sites.filter((site) => site.network === id) }));
}
