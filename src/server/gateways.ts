import { quietSessionMember, streamMember } from '../features/accounts/index.ts';
import { applyCachePolicy } from '../features/caching/caching.middleware.ts';
import { gatewaySend } from '../features/chat/index.ts';
import type { JsonPostGateway } from './api-gateway.ts';
import type { StreamMemberLookup } from './realtime/event-gateway.ts';

/*
 * What the server answers before the app (server/serve.ts) asks the features that know: like
 * privacy.list.ts, the one place the platform names a feature.
 */

/** The event stream's member, from the session cookie, as the accounts feature reads it. */
export const eventStreamMember: StreamMemberLookup = (platform, site, request) =>
  streamMember(platform.db, site, request);

/** `POST /api/chat.php`: a text send, the busiest write (server/api-gateway.ts). */
export const chatSendGateway: JsonPostGateway = {
  path: '/api/chat.php',
  member: (platform, site, request) => quietSessionMember(platform.db, site, request),
  handle: gatewaySend,
  cachePolicy: applyCachePolicy,
};
