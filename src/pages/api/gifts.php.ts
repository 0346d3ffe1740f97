import { giftCatalogue } from '../../features/chat/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';

/** `GET /api/gifts.php`: `{ gifts: [{ id, name, image, credits }] }`, the site's catalogue. */
export const GET = endpoint({
  handle: ({ locals }) => ({ gifts: giftCatalogue(locals.site, locals.t) }),
});

export const ALL = methodNotAllowed;
