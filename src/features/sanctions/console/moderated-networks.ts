/** The networks a staff member may moderate, by name (every served network for one who holds all). */
export function moderatedNetworks(locals: App.Locals): string[] {
  const held = locals.staff?.networksFor('moderate') ?? [];
  if (held !== 'all') return [...held].sort();
  return [...new Set([...locals.platform.registry.snapshot.sites.values()].map((s) => s.network))].sort();
}
