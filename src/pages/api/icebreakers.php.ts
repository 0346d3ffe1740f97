import { icebreakers } from '../../features/chat/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';

/** `GET /api/icebreakers.php`: `{ icebreakers: [text] }` in the member's language. */
export const GET = endpoint({
  handle: ({ locals }) => ({ icebreakers: icebreakers(locals.site, locals.locale, locals.t) }),
});

export const ALL = methodNotAllowed;
