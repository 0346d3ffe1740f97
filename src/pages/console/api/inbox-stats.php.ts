import { hostInboxEndpoint } from '../../../features/host-inbox/host-inbox.context.ts';
import { inboxStatsQuerySchema } from '../../../features/host-inbox/host-inbox.schemas.ts';
import { responseTimes } from '../../../features/host-inbox/host-inbox.service.ts';
import { methodNotAllowed } from '../../../server/endpoint.ts';

/** `GET /console/api/inbox-stats.php?from&to&network`: response times per host. */
export const GET = hostInboxEndpoint({
  staff: 'read_conversations',
  query: inboxStatsQuerySchema,
  handle: ({ ctx, input }) => responseTimes(ctx, input),
});

export const ALL = methodNotAllowed;
