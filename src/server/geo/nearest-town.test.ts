import { describe, expect, it } from 'vitest';
import { distanceKm, nearestTown } from './nearest-town.ts';

describe('nearestTown', () => {
  it('finds a known city with its country-region-data region', () => {
    expect(nearestTown(52.3731, 4.8922)).toMatchObject({ country: 'NL', region: 'NH', city: 'Amsterdam' });
    expect(nearestTown(48.137, 11.575)).toMatchObject({ country: 'DE', region: 'BY', city: 'München' });
    expect(nearestTown(-33.8688, 151.2093)).toMatchObject({ country: 'AU', region: 'NSW', city: 'Sydney' });
  });

  it('looks across the antimeridian and near the poles', () => {
    // Suva (Fiji) lies at 178.4° E: a point just across 180° still finds towns.
    expect(nearestTown(-18.14, 178.44)?.country).toBe('FJ');
    expect(nearestTown(78.22, 15.65)?.country).toBe('SJ');
  });

  it('answers null far from any town', () => {
    expect(nearestTown(0, -30)).toBeNull();
  });

  it('measures great-circle distances', () => {
    expect(distanceKm(52.3731, 4.8922, 48.137, 11.575)).toBeCloseTo(665, -1);
  });
});
