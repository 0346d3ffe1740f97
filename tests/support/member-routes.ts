/**
 * Every page a logged-in member reaches, and the JSON calls a member's pages make, written out
 * here (like routes.ts) so that the benchmark (scripts/bench/) and the statement bound
 * (tests/integration/member-request-cost.test.ts) measure the same member area. `other` is a
 * profile of another member of the same site, for the pages and calls about one profile.
 */

export interface MemberRoute {
  /** A short name for tables and file names. */
  name: string;
  path: string;
}

export function memberPages(other: string): MemberRoute[] {
  return [
    { name: 'members', path: '/members' },
    { name: 'profile-view', path: `/members/${other}` },
    { name: 'likes', path: '/likes' },
    { name: 'likes-sent', path: '/likes/sent' },
    { name: 'likes-matches', path: '/likes/matches' },
    { name: 'credits', path: '/credits' },
    { name: 'credits-bundle', path: '/credits/popular' },
    { name: 'credits-repeat', path: '/credits/repeat-order' },
    { name: 'profile', path: '/profile' },
    { name: 'profile-photos', path: '/profile/photos' },
    { name: 'settings', path: '/settings' },
    { name: 'chats', path: '/chats' },
    // The conversation page by the profile it is with: a `/chats/<id>` needs a conversation.
    { name: 'chat', path: `/members/${other}/chat` },
    { name: 'swipe-game', path: '/swipe-game' },
    { name: 'match-finder', path: '/match-finder' },
    { name: 'notifications', path: '/notifications' },
    { name: 'premium', path: '/premium' },
  ];
}

/** The member's JSON calls (sent with `x-client-request: 1`, as the pages' scripts send them). */
export function memberCalls(other: string): MemberRoute[] {
  return [
    { name: 'user.php', path: '/api/user.php' },
    { name: 'members.php', path: '/api/members.php' },
    { name: 'likes.php', path: '/api/likes.php' },
    { name: 'chats.php', path: '/api/chats.php' },
    { name: 'credits.php', path: '/api/credits.php' },
    { name: 'member.php', path: `/api/member.php?id=${other}` },
    { name: 'match-finder.php', path: '/api/match-finder.php' },
  ];
}
