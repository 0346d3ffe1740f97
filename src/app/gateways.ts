import { POST as chatSend } from '../pages/api/chat.php.ts';
import { GET as memberSearch } from '../pages/api/members.php.ts';
import type { JsonGetGateway, JsonPostGateway } from '../server/api-gateway.ts';

/**
 * `POST /api/chat.php`: a text send, the busiest write (src/server/api-gateway.ts), answered by
 * the endpoint's own spec; images and gifts, the rarer sends, go through the app.
 */
export const chatSendGateway: JsonPostGateway = {
  path: '/api/chat.php',
  route: chatSend,
  takes: (body) => typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'text',
};

/**
 * `GET /api/members.php`: a member's search, the busiest read of the member area (200 a second
 * is the target of docs/performance.md "Search over HTTP"); a visitor's goes through the app.
 */
export const memberSearchGateway: JsonGetGateway = { path: '/api/members.php', route: memberSearch };
