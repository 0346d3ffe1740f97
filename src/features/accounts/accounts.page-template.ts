import type { APIContext } from 'astro';
import {
  PageTokens,
  perSite,
  readForTemplate,
  templatedPage,
  templatesOf,
  type RenderedPage,
} from '../../server/page-template.ts';
import { deferIslandHtml, islandHtmlWaits, putIslandHtmlBack } from '../../server/react-islands.ts';
import { renderShapeOnly } from '../../server/shape-render.ts';
import { keepMemberFrame, memberShapeKey, standInFor, standInUser } from './member-frame.ts';
import { memberUser } from './member-user.ts';

/**
 * Every member page rendered once per shape and filled in per member (`src/server/page-template.ts`)
 * when its render reads nothing but its shape; its layout's frame kept per shape otherwise
 * (`member-frame.ts`). No page is listed:
 *
 * - The shape is `memberShapeKey`: the route, the query, the locale, the day, the member with
 *   stand-ins for its texts, its notification settings and the session's switches.
 * - At a shape's second request the page is rendered with the member standing in
 *   (`standInFor`) and every other input of the request guarded (`renderShapeOnly`): a page
 *   that reaches for data (its own likes, a search, a figure of the network), the clock, the
 *   secret, a header or the client's address is not kept, and its route is not tried again on this site:
 *   it is rendered in its kept frame from then on.
 *
 * `tests/integration/member-page-template.test.ts` holds every member route's page, kept or not,
 * to its real render, for members who differ in every text and in their data.
 */

/**
 * What the stand-in member does not carry (`member-frame.ts`): a render that reads one of these
 * is the member's own. (`sessionId` is read, as empty, to tell a stand-in render.)
 */
const NOT_IN_SHAPE = new Set<PropertyKey>([
  'createdAt',
  'timeZone',
  'sessionExpiresAt',
  'region',
  'city',
  'keptFilters',
]);

/** Per site: the routes (Astro's patterns) whose render read more than its shape. */
const routesReadingData = perSite(() => new Set<string>());

/**
 * A member's GET of a page: filled from its template, or rendered with its layout's frame kept
 * (`member-frame.ts`). Any other request is rendered as it is.
 */
export async function renderMemberPage(
  context: APIContext,
  render: () => Promise<Response>,
): Promise<Response> {
  const { locals, request } = context;
  const member = locals.member;
  if (!member || request.method !== 'GET') return render();
  // The islands hand Astro stand-ins for their HTML (react-islands.ts): a kept frame puts it
  // back as it fills its slots, and a page rendered whole gets it back here.
  deferIslandHtml(request);
  const rendered = async () => {
    const response = await render();
    if (!islandHtmlWaits(request)) return response;
    const html = putIslandHtmlBack(request, await response.text());
    const headers = new Headers(response.headers);
    // The page grew by its islands' HTML.
    headers.set('content-length', String(Buffer.byteLength(html)));
    const { status, statusText } = response;
    return new Response(html, { status, statusText, headers });
  };
  return renderDeferred(context, rendered);
}

async function renderDeferred(context: APIContext, render: () => Promise<Response>): Promise<Response> {
  const { locals } = context;
  const member = locals.member!;
  const inFrame = async () => {
    const response = await render();
    await keepMemberFrame(locals, render);
    return response;
  };
  const reading = routesReadingData(locals.site);
  if (!locals.platform.env.MEMBER_PAGE_TEMPLATES || reading.has(context.routePattern)) return inFrame();
  const user = await memberUser(locals);
  if (!user) return inFrame();
  const tokens = new PageTokens();
  const userStandIn = standInUser(user, tokens);
  return templatedPage(
    templatesOf(locals.site),
    memberShapeKey(locals, context.url, userStandIn, member),
    tokens,
    {
      async withStandIns(): Promise<RenderedPage | null> {
        const putMemberBack = standInFor(locals, member, userStandIn);
        let memberRead: string | null = null;
        locals.member = new Proxy(locals.member!, {
          get(target, property, receiver) {
            if (NOT_IN_SHAPE.has(property)) memberRead ??= `member.${String(property)}`;
            return Reflect.get(target, property, receiver) as unknown;
          },
        });
        try {
          const made = await renderShapeOnly(locals, async () => {
            const response = await render();
            // Astro streams a page as it renders it: all of it is read while the guards hold.
            return { response, html: await response.text() };
          });
          if (made.outside !== null || memberRead !== null) {
            reading.add(context.routePattern);
            return null;
          }
          return made.value ? readForTemplate(new Response(made.value.html, made.value.response)) : null;
        } finally {
          putMemberBack();
        }
      },
      real: inFrame,
    },
  );
}
