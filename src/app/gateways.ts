import { POST as chatSend } from '../pages/api/chat.php.ts';
import type { JsonPostGateway } from '../server/api-gateway.ts';

/**
 * `POST /api/chat.php`: a text send, the busiest write (src/server/api-gateway.ts), answered by
 * the endpoint's own spec; images and gifts, the rarer sends, go through the app.
 */
export const chatSendGateway: JsonPostGateway = {
  path: '/api/chat.php',
  route: chatSend,
  takes: (body) => typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'text',
};
