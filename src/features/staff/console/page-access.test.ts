import { describe, expect, it } from 'vitest';
import { heldNetworks, heldNetworkSites } from './page-access.ts';

/** Locals with served sites (id → network) and a staff member holding `held` for every permission. */
function locals(sites: Record<string, string>, held: readonly string[] | 'all'): App.Locals {
  const served = new Map(Object.entries(sites).map(([id, network]) => [id, { id, network }]));
  return {
    platform: { registry: { snapshot: { sites: served } } },
    staff: { networksFor: () => held },
  } as unknown as App.Locals;
}

const SITES = { 'b-site': 'beta', 'a-site': 'alpha', 'c-site': 'beta' };

describe('heldNetworks', () => {
  it('names every served network, sorted, for one who holds all', () => {
    expect(heldNetworks(locals(SITES, 'all'), 'moderate')).toEqual(['alpha', 'beta']);
  });

  it('names the held networks, sorted, served or not', () => {
    expect(heldNetworks(locals(SITES, ['gamma', 'beta']), 'moderate')).toEqual(['beta', 'gamma']);
  });

  it('names none without a staff member', () => {
    expect(heldNetworks({ ...locals(SITES, 'all'), staff: null }, 'moderate')).toEqual([]);
  });
});

describe('heldNetworkSites', () => {
  it('gives each held, served network its sites, and leaves out a network no site serves', () => {
    const networks = heldNetworkSites(locals(SITES, ['gamma', 'beta']), 'manage_codes');
    expect(networks.map((n) => [n.id, n.sites.map((s) => s.id)])).toEqual([['beta', ['b-site', 'c-site']]]);
  });

  it('gives every served network to one who holds all', () => {
    const networks = heldNetworkSites(locals(SITES, 'all'), 'manage_codes');
    expect(networks.map((n) => n.id)).toEqual(['alpha', 'beta']);
  });
});
