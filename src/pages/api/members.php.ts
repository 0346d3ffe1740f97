import { discoveryFieldMessage, searchMembers, searchQuerySchema } from '../../features/discovery/index.ts';
import { TRACKING_COOKIE } from '../../features/tracking/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/**
 * `GET /api/members.php` (API.md "Profiles and search"): members see whom the visibility rule
 * lets them see; visitors only where the site's `logged_out_search` allows.
 */
export const GET = endpoint({
  query: searchQuerySchema,
  fieldMessage: discoveryFieldMessage,
  handle: ({ ctx, member, input, context }) =>
    searchMembers(
      ctx,
      member
        ? { kind: 'member', memberId: member.id, profileId: member.profileId, remember: true }
        : {
            kind: 'visitor',
            trackingCookie: context.cookies.get(TRACKING_COOKIE)?.value,
            queryNetwork: context.url.searchParams.get('network') ?? undefined,
          },
      input,
    ),
});
