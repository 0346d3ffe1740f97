import type { APIContext } from 'astro';
import {
  PageTokens,
  readForTemplate,
  templatedPage,
  templatesOf,
  type RenderedPage,
} from '../../server/page-template.ts';
import type { User } from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import { memberUser, presentMemberUser } from './member-user.ts';

/**
 * Member pages rendered once per shape and filled in per member (`src/server/page-template.ts`).
 *
 * A page is listed here only when its server render reads of the request nothing but what
 * `templateKey` holds, and of the member only `memberUser()` and the session's switches (never
 * `createdAt`, `timeZone`, `sessionId` or `sessionExpiresAt`, which the stand-in member does not carry), and never
 * calls a service with the member's ids. `tests/integration/member-page-template.test.ts` holds
 * each listed page's filled HTML to its real render for members that differ in every text.
 */
export const TEMPLATED_MEMBER_PAGES: ReadonlySet<string> = new Set(['/settings']);

/** The member's texts the pages only print; everything else of `User` is part of the key. */
function standInUser(user: User, tokens: PageTokens): User {
  const image = user.profile.main_image;
  return {
    ...user,
    id: tokens.stand(user.id),
    email: tokens.stand(user.email),
    signup_date: tokens.stand(user.signup_date),
    time_zone: user.time_zone === null ? null : tokens.stand(user.time_zone),
    profile: {
      ...user.profile,
      id: tokens.stand(user.profile.id),
      name: tokens.stand(user.profile.name),
      main_image: image && {
        filename: tokens.stand(image.filename),
        thumb_filename: tokens.stand(image.thumb_filename),
        match: tokens.stand(image.match),
      },
    },
  };
}

/** The session's member for the render with stand-ins: its switches as they are, no texts of its own. */
function standInMember(member: SessionMember, user: User): SessionMember {
  return {
    ...member,
    id: user.id,
    profileId: user.profile.id,
    sessionId: '',
    sessionExpiresAt: 0,
    timeZone: '',
    createdAt: 0,
  };
}

/** Every input of a listed page's render but the member's texts (which the stand-ins hold). */
function templateKey(context: APIContext, user: User, member: SessionMember): string {
  const { locals, url } = context;
  const today = new Date(locals.platform.clock.now()).toISOString().slice(0, 10);
  return JSON.stringify([
    locals.routePath,
    url.search,
    locals.locale,
    locals.chosenLocale ?? null,
    locals.country,
    locals.countryKnown,
    locals.scheme,
    today,
    user,
    member.status,
    member.language,
    member.paidUser,
    member.invisible,
    member.private,
    member.country,
    member.credits,
  ]);
}

/**
 * A member's GET of a listed page through its template; any other request is rendered as it is.
 */
export async function renderMemberPage(
  context: APIContext,
  render: () => Promise<Response>,
): Promise<Response> {
  const { locals, request } = context;
  const member = locals.member;
  if (!member || request.method !== 'GET' || !TEMPLATED_MEMBER_PAGES.has(locals.routePath)) return render();
  if (!locals.platform.env.MEMBER_PAGE_TEMPLATES) return render();
  const user = await memberUser(locals);
  if (!user) return render();
  const tokens = new PageTokens();
  const userStandIn = standInUser(user, tokens);
  const memberStandIn = standInMember(member, userStandIn);
  return templatedPage(templatesOf(locals.site), templateKey(context, userStandIn, member), tokens, {
    async withStandIns(): Promise<RenderedPage | null> {
      locals.member = memberStandIn;
      presentMemberUser(locals, Promise.resolve(userStandIn));
      try {
        return await readForTemplate(await render());
      } finally {
        locals.member = member;
        presentMemberUser(locals, Promise.resolve(user));
      }
    },
    real: render,
  });
}
