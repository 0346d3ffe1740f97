import { profileFieldMessage, regionLists } from '../../features/profiles/index.ts';
import { regionsQuerySchema } from '../../features/profiles/profiles.editing.schemas.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/regions.php` (optional `country`): `{ regions: { XX: { type, label, regions: [{ code,
 * name }] } } }` for the site's countries; 422 `country: country_invalid` for another country.
 */
export const GET = endpoint({
  query: ({ locals }) => regionsQuerySchema(locals.site.countries),
  fieldMessage: profileFieldMessage,
  handle: ({ locals, input }) => ({ regions: regionLists(locals.site, locals.t, input.country) }),
});
