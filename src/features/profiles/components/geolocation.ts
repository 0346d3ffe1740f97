import { api } from '../../../lib/api-client.ts';
import type { GeocodeAnswer } from '../profiles.editing.schemas.ts';

/**
 * The browser's side of "use my location" (spec §3: the geolocation permission state and the
 * geocode; spec §9: the geocode cached for an hour). Framework-free, so the editor only shows
 * what these report.
 */

/** Spec §3: unsupported (no geolocation), unknown (no Permissions API to ask), or the browser's state. */
export type GeoPermission = 'unsupported' | 'unknown' | 'prompt' | 'granted' | 'denied';

/** Spec §9: a geocode is reused for an hour. */
export const GEOCODE_MAX_AGE_MS = 60 * 60 * 1000;
const CACHE_KEY = 'kindred.geocode';

/**
 * The current permission state, and a watcher for its changes (the member may allow or block
 * the site in the browser's settings while the page is open). Returns a function that stops it.
 */
export function watchGeoPermission(report: (state: GeoPermission) => void): () => void {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    report('unsupported');
    return () => {};
  }
  if (!navigator.permissions?.query) {
    report('unknown');
    return () => {};
  }
  let status: PermissionStatus | undefined;
  let stopped = false;
  const onChange = () => status && report(status.state);
  navigator.permissions
    .query({ name: 'geolocation' })
    .then((answer) => {
      if (stopped) return;
      status = answer;
      report(answer.state);
      answer.addEventListener('change', onChange);
    })
    .catch(() => report('unknown'));
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}

interface Cached {
  at: number;
  answer: GeocodeAnswer;
}

function readCache(now: number): GeocodeAnswer | undefined {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as Cached | null;
    if (cached && typeof cached.at === 'number' && now - cached.at < GEOCODE_MAX_AGE_MS && now >= cached.at)
      return cached.answer;
  } catch {
    // A damaged or blocked storage only costs a fresh lookup.
  }
  return undefined;
}

function writeCache(answer: GeocodeAnswer, now: number): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify({ at: now, answer } satisfies Cached));
  } catch {
    // Private modes may refuse storage; the lookup still worked.
  }
}

/** Why no place came back: the member said no, or the position or the lookup failed. */
export class LocateError extends Error {
  readonly reason: 'denied' | 'failed';
  constructor(reason: 'denied' | 'failed') {
    super(reason);
    this.reason = reason;
  }
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      // A town is all we need: a coarse fix is quicker and kinder to the battery.
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: GEOCODE_MAX_AGE_MS,
    }),
  );
}

/** The member's place: from the hour-old cache, or the browser's position reverse geocoded. */
export async function locate(now = Date.now()): Promise<GeocodeAnswer> {
  const cached = readCache(now);
  if (cached) return cached;
  let fix: GeolocationPosition;
  try {
    fix = await position();
  } catch (error) {
    const denied = (error as GeolocationPositionError | undefined)?.code === 1;
    throw new LocateError(denied ? 'denied' : 'failed');
  }
  let answer: GeocodeAnswer;
  try {
    answer = await api('GET /api/geocode.php', undefined, {
      query: { lat: fix.coords.latitude.toFixed(5), lon: fix.coords.longitude.toFixed(5) },
    });
  } catch {
    throw new LocateError('failed');
  }
  writeCache(answer, now);
  return answer;
}
