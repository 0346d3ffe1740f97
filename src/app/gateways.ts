import { POST as chatSend } from '../pages/api/chat.php.ts';
import type { JsonGetGateway, JsonPostGateway } from '../server/api-gateway.ts';
import { answerableOutsideAstro } from '../server/endpoint.ts';

/**
 * `POST /api/chat.php`: a text send, the busiest write (src/server/api-gateway.ts), answered by
 * the endpoint's own spec; images and gifts, the rarer sends, go through the app.
 */
export const chatSendGateway: JsonPostGateway = {
  path: '/api/chat.php',
  route: chatSend,
  takes: (body) => typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'text',
};

/** Every API route of `src/pages/api/`, by its file. */
const apiRoutes = import.meta.glob<{ GET?: unknown }>('../pages/api/*.php.ts', { eager: true });

/**
 * A gateway for the GET of every API route the endpoint kit made (`answerableOutsideAstro`): a
 * member's JSON calls (the search, the likes, the chat list, the balance…) are answered by the
 * route's own spec without Astro's `Request`, routing and rendering, a new route included
 * without being listed. Whatever the gateway does not take goes to the app: a visitor, a session
 * due a write, a query the schema refuses, a route with a limit per address or one whose handler
 * reaches for Astro's context (`tests/integration/json-gateway.test.ts` holds the member calls
 * to the gateway and their answers to the app's, byte for byte).
 */
export const jsonGetGateways: readonly JsonGetGateway[] = Object.entries(apiRoutes).flatMap(
  ([file, module]) => {
    const route = module.GET;
    if (!answerableOutsideAstro(route)) return [];
    const name = file.slice(file.lastIndexOf('/') + 1, -'.ts'.length);
    return [{ path: `/api/${name}`, route }];
  },
);
