import type { APIContext } from 'astro';
import {
  PageTokens,
  readForTemplate,
  templatedPage,
  templatesOf,
  type RenderedPage,
} from '../../server/page-template.ts';
import { keepMemberFrame, memberShapeKey, standInFor, standInUser } from './member-frame.ts';
import { memberUser } from './member-user.ts';

/**
 * Member pages rendered once per shape and filled in per member (`src/server/page-template.ts`).
 *
 * A page is listed here only when its server render reads of the request nothing but what
 * `memberShapeKey` holds, and of the member only `memberUser()` and the session's switches (never
 * `createdAt`, `timeZone`, `sessionId` or `sessionExpiresAt`, which the stand-in member does not carry), and never
 * calls a service with the member's ids. `tests/integration/member-page-template.test.ts` holds
 * each listed page's filled HTML to its real render for members that differ in every text.
 */
export const TEMPLATED_MEMBER_PAGES: ReadonlySet<string> = new Set(['/settings']);

/**
 * A member's GET of a listed page through its template; of any other member page, the page as
 * rendered, its layout's frame kept once its shape comes again (`member-frame.ts`). Any other
 * request is rendered as it is.
 */
export async function renderMemberPage(
  context: APIContext,
  render: () => Promise<Response>,
): Promise<Response> {
  const { locals, request } = context;
  const member = locals.member;
  if (!member || request.method !== 'GET') return render();
  if (!TEMPLATED_MEMBER_PAGES.has(locals.routePath)) {
    // Any other member page: its layout's frame is kept per shape (member-frame.ts).
    const response = await render();
    await keepMemberFrame(locals, render);
    return response;
  }
  if (!locals.platform.env.MEMBER_PAGE_TEMPLATES) return render();
  const user = await memberUser(locals);
  if (!user) return render();
  const tokens = new PageTokens();
  const userStandIn = standInUser(user, tokens);
  return templatedPage(
    templatesOf(locals.site),
    memberShapeKey(locals, context.url, userStandIn, member),
    tokens,
    {
      async withStandIns(): Promise<RenderedPage | null> {
        const putMemberBack = standInFor(locals, member, userStandIn);
        try {
          return await readForTemplate(await render());
        } finally {
          putMemberBack();
        }
      },
      real: render,
    },
  );
}
