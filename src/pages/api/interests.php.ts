import { interestOptions } from '../../features/profiles/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** `GET /api/interests.php`: `{ interests: [{ key, label }] }`, labels in the request's language. */
export const GET = endpoint({
  handle: ({ locals }) => ({ interests: interestOptions(locals.site, locals.t) }),
});
