import { createRequire } from 'node:module';
import {
  geoArea,
  geoBounds,
  geoCentroid,
  geoConicConformal,
  geoNaturalEarth1,
  geoPath,
  geoTransform,
  type GeoProjection,
  type GeoStream,
} from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The map lander's picture: the served countries drawn from Natural Earth (the `world-atlas`
 * package, 1:50m), tinted in the brand colour, with a bubble per country sized by its members.
 * An SVG file made on the server: no map tiles, no third-party requests.
 */

/** ISO 3166-1 alpha-2 → the numeric code world-atlas names its countries by. */
const NUMERIC: Record<string, string> = {
  AT: '040',
  AU: '036',
  BE: '056',
  CA: '124',
  CH: '756',
  CZ: '203',
  DE: '276',
  DK: '208',
  ES: '724',
  FI: '246',
  FR: '250',
  GB: '826',
  GR: '300',
  HU: '348',
  IE: '372',
  IS: '352',
  IT: '380',
  LU: '442',
  NL: '528',
  NO: '578',
  NZ: '554',
  PL: '616',
  PT: '620',
  SE: '752',
  US: '840',
};

/** Countries that count as "Europe" when deciding which part of the world to show. */
const EUROPE = new Set([
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LU',
  'NL',
  'NO',
  'PL',
  'PT',
  'SE',
]);

export interface CountryCount {
  country: string;
  count: number;
}

export interface MapPicture {
  svg: string;
  /** Countries drawn with a bubble; the others the page lists in words. */
  shown: string[];
}

const WIDTH = 800;
const HEIGHT = 640;

type CountryFeature = Feature<Polygon | MultiPolygon, { name: string }>;
let world: CountryFeature[] | undefined;

function countries(): CountryFeature[] {
  if (!world) {
    // Read at first use, not at start: 750 KB that only the map lander needs.
    const topology = createRequire(import.meta.url)('world-atlas/countries-50m.json') as Topology<{
      countries: GeometryCollection<{ name: string }>;
    }>;
    const collection = feature(topology, topology.objects.countries) as FeatureCollection<
      Geometry,
      { name: string }
    >;
    world = collection.features.filter(
      (f): f is CountryFeature => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon',
    );
  }
  return world;
}

/** The largest piece of a country: France's bubble belongs in Europe, not between it and Guiana. */
function mainland(f: CountryFeature): Feature<Polygon> {
  if (f.geometry.type === 'Polygon') return f as Feature<Polygon>;
  let best: Feature<Polygon> | undefined;
  let bestArea = -1;
  for (const coordinates of f.geometry.coordinates) {
    const piece: Feature<Polygon> = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates },
    };
    const area = geoArea(piece);
    if (area > bestArea) [best, bestArea] = [piece, area];
  }
  return best!;
}

/**
 * Which countries to frame: Europe when most members live there (Europe in a world map is too
 * small to read), else all of them.
 */
export function framedCountries(counts: CountryCount[]): string[] {
  const drawable = counts.filter((c) => NUMERIC[c.country] && c.count > 0);
  const total = drawable.reduce((n, c) => n + c.count, 0);
  const european = drawable.filter((c) => EUROPE.has(c.country));
  const inEurope = european.reduce((n, c) => n + c.count, 0);
  return (european.length && inEurope >= total * 0.6 ? european : drawable).map((c) => c.country);
}

function projectionFor(frame: CountryFeature[]): GeoProjection {
  const collection: FeatureCollection = { type: 'FeatureCollection', features: frame.map(mainland) };
  const [[west], [east]] = geoBounds(collection);
  const wide = east - west > 90 || east < west;
  const projection = wide ? geoNaturalEarth1() : geoConicConformal().parallels([40, 65]).rotate([-10, 0]);
  projection.fitExtent(
    [
      [40, 40],
      [WIDTH - 40, HEIGHT - 40],
    ],
    collection,
  );
  // Whatever lies outside the picture is cut off rather than drawn unseen.
  return projection.clipExtent([
    [-2, -2],
    [WIDTH + 2, HEIGHT + 2],
  ]);
}

interface ThinningStream {
  stream: GeoStream;
  lastX?: number | undefined;
  lastY?: number | undefined;
}

/** Below this distance (px) a point adds nothing visible; dropping such points shrinks the file tenfold. */
const MIN_STEP_PX = 2.5;

/**
 * The projection, followed by a filter that keeps a point only when it has moved far enough from
 * the last one kept (each ring keeps its first and last point, so shapes stay closed).
 */
function droppingNearPoints(projection: GeoProjection): { stream(s: GeoStream): GeoStream } {
  const simplify = geoTransform({
    point(this: ThinningStream, x: number, y: number) {
      if (this.lastX !== undefined && Math.hypot(x - this.lastX, y - this.lastY!) < MIN_STEP_PX) return;
      this.lastX = x;
      this.lastY = y;
      this.stream.point(x, y);
    },
    lineStart(this: ThinningStream) {
      this.lastX = undefined;
      this.stream.lineStart();
    },
  } as never);
  return { stream: (s) => projection.stream(simplify.stream(s)) };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

export interface MapColours {
  /** The brand colour served countries are tinted in. */
  accent: string;
  /** Text on the accent (the bubbles' numbers). */
  onAccent: string;
}

/** Draws the map of member counts per country; undefined when no country can be drawn. */
export function drawMemberMap(
  counts: CountryCount[],
  colours: MapColours,
  title: string,
): MapPicture | undefined {
  const framed = framedCountries(counts);
  if (!framed.length) return undefined;
  const all = countries();
  const byId = new Map(all.map((f) => [String(f.id), f]));
  const frame = framed.map((c) => byId.get(NUMERIC[c]!)).filter((f): f is CountryFeature => Boolean(f));
  const projection = projectionFor(frame);
  const path = geoPath(droppingNearPoints(projection)).digits(0);
  const servedIds = new Set(counts.map((c) => NUMERIC[c.country]).filter(Boolean));

  const land: string[] = [];
  const served: string[] = [];
  for (const f of all) {
    const [[x0, y0], [x1, y1]] = path.bounds(f);
    if (x1 < 0 || y1 < 0 || x0 > WIDTH || y0 > HEIGHT || !Number.isFinite(x0)) continue;
    const d = path(f);
    if (!d) continue;
    (servedIds.has(String(f.id)) ? served : land).push(d);
  }

  const max = Math.max(...counts.map((c) => c.count), 1);
  const bubbles: string[] = [];
  // Small bubbles drawn last, so a big neighbour never hides them.
  const bySize = [...framed].sort(
    (a, b) =>
      (counts.find((c) => c.country === b)?.count ?? 0) - (counts.find((c) => c.country === a)?.count ?? 0),
  );
  for (const code of bySize) {
    const f = byId.get(NUMERIC[code]!);
    const count = counts.find((c) => c.country === code)?.count ?? 0;
    const point = f && projection(geoCentroid(mainland(f)));
    if (!point) continue;
    const [x, y] = point.map((v) => Math.round(v)) as [number, number];
    const r = Math.round(12 + 18 * Math.sqrt(count / max));
    bubbles.push(
      `<g transform="translate(${x} ${y})"><circle r="${r}" fill="${colours.accent}" stroke="#fff" stroke-width="3"/>` +
        `<text dy=".35em" text-anchor="middle" font-size="${r > 24 ? 16 : 13}" fill="${colours.onAccent}">${count}</text></g>`,
    );
  }

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(title)}">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#eef3f7"/>` +
    `<path d="${land.join('')}" fill="#d9dee3" stroke="#fff" stroke-width=".8"/>` +
    `<path d="${served.join('')}" fill="${colours.accent}" fill-opacity=".35" stroke="${colours.accent}" stroke-width="1"/>` +
    `<g font-family="system-ui,sans-serif" font-weight="700">${bubbles.join('')}</g></svg>`;
  return { svg, shown: framed };
}
