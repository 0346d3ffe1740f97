import { gatewaySend } from '../features/chat/index.ts';
import type { JsonPostGateway } from '../server/api-gateway.ts';

/** `POST /api/chat.php`: a text send, the busiest write (src/server/api-gateway.ts). */
export const chatSendGateway: JsonPostGateway = {
  path: '/api/chat.php',
  handle: gatewaySend,
};
