import { streamMember } from '../features/accounts/index.ts';
import type { StreamMemberLookup } from './realtime/event-gateway.ts';

/*
 * What the server answers before the app (server/serve.ts) asks the features that know: like
 * privacy.list.ts, the one place the platform names a feature.
 */

/** The event stream's member, from the session cookie, as the accounts feature reads it. */
export const eventStreamMember: StreamMemberLookup = (platform, site, request) =>
  streamMember(platform.db, site, request);
