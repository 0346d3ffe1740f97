/**
 * The traffic-source parameters of spec §9, as affiliate links carry them. Stored on arrival
 * (first touch per site), removed from the URL, and attached to the account at signup.
 */
export const TRACKING_PARAMS = [
  'network',
  'ref',
  'sub',
  'sub1',
  'sub2',
  'sub3',
  'aff_sub1',
  'aff_sub2',
  'aff_sub3',
  'cpc',
] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];
export type TrackingValues = Partial<Record<TrackingParam, string>>;

/** Longer values are cut: an affiliate id or click id is short, anything longer is noise. */
export const TRACKING_VALUE_MAX_LENGTH = 200;

/** The tracking parameters a query carries (blank values do not count). */
export function trackingValues(query: URLSearchParams): TrackingValues {
  const values: TrackingValues = {};
  for (const name of TRACKING_PARAMS) {
    const value = query.get(name)?.trim();
    if (value) values[name] = value.slice(0, TRACKING_VALUE_MAX_LENGTH);
  }
  return values;
}

export function hasTrackingParams(query: URLSearchParams): boolean {
  return TRACKING_PARAMS.some((name) => query.has(name));
}

/** The query without tracking parameters (`?` and all, or empty), everything else in order. */
export function withoutTrackingParams(query: URLSearchParams): string {
  const rest = new URLSearchParams(query);
  for (const name of TRACKING_PARAMS) rest.delete(name);
  const text = rest.toString();
  return text ? `?${text}` : '';
}
