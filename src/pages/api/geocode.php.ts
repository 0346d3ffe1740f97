import { profileFieldMessage, reverseGeocode } from '../../features/profiles/index.ts';
import { geocodeQuerySchema } from '../../features/profiles/profiles.editing.schemas.ts';
import { endpoint } from '../../server/endpoint.ts';

/** A browser asks once an hour (spec §9 caches the answer); this leaves room for retries and tabs. */
const GEOCODE_RATE = { limit: 30, windowMs: 10 * 60_000 };

/**
 * `GET /api/geocode.php?lat=..&lon=..`: `{ country, region, city, served }`, the nearest town
 * from bundled data (nulls when none is near); 422 for a coordinate that is not one.
 */
export const GET = endpoint({
  query: geocodeQuerySchema,
  fieldMessage: profileFieldMessage,
  perAddress: { name: 'geocode-ip', rule: () => GEOCODE_RATE },
  handle: ({ locals, input }) => reverseGeocode(locals.site, input.lat, input.lon),
});
