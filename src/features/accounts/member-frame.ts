import { type CspHash } from '../../server/csp.ts';
import {
  cutFrame,
  fillFrame,
  keptFramesOf,
  slotMarker,
  type FrameTemplate,
} from '../../server/kept-frame.ts';
import { PageTokens, readForTemplate } from '../../server/page-template.ts';
import { putIslandHtmlBack, takeIslandIds } from '../../server/react-islands.ts';
import { dayOf } from '../../server/shape-render.ts';
import type { User } from './accounts.schemas.ts';
import type { SessionMember } from './accounts.types.ts';
import { notificationSettingsOf, shareSettings } from './accounts.service-support.ts';
import { memberUser, presentMemberUser } from './member-user.ts';

/**
 * Every member page's layout kept per shape (`src/server/kept-frame.ts`): the member layouts
 * (Default, Chat) ask `memberFrame` how to render. A page is not listed anywhere: whatever a
 * member page puts into a member layout gets it.
 *
 * - The first request of a shape renders the page whole, as it is. So does the second, which
 *   then renders the page again with the layout printing its frame with the member's texts
 *   standing in and a marker for each slot (`mark`), and keeps the frame cut at both. A shape
 *   that comes once (a query of its own) costs no such render. The page's own code (its
 *   frontmatter) runs in that render as the member it is; only the frame's parts see stand-ins.
 * - Later requests of the shape render only the layout's slots, the page's content, and put them
 *   into the kept frame with the member's texts filled in (`kept`).
 * - A frame that cannot be kept (a stand-in changed on its way) is remembered as such, and the
 *   shape's pages are rendered whole.
 *
 * The shape is the layout, its props and every input of a member page's render but the member's
 * texts (`memberShapeKey`). `tests/integration/member-page-template.test.ts` holds every member route's
 * kept page to the page rendered whole, for members who differ in every text.
 */

/** What the layout's frame reads of the member page: the same for every render of one shape. */
export type FrameProps = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The part of `Astro` this reads. */
export interface LayoutContext {
  locals: App.Locals;
  url: URL;
  request: Request;
  csp?: { insertScriptHash(hash: CspHash): void; insertStyleHash(hash: CspHash): void } | undefined;
}

/** The part of `Astro.slots` this renders. */
interface LayoutSlots {
  has(name: string): boolean;
  render(name: string): Promise<unknown>;
}

/** How a member layout renders: whole, its frame with markers for the slots, or its kept frame. */
export type MemberFrame =
  | { readonly mode: 'whole' }
  | { readonly mode: 'mark'; marker(slot: string): string }
  | { readonly mode: 'kept'; page(slots: LayoutSlots): Promise<string> };

const WHOLE: MemberFrame = { mode: 'whole' };
const MARK: MemberFrame = { mode: 'mark', marker: slotMarker };

/** The shape a request's layout found not kept yet, for the render that makes its frame. */
const wanted = new WeakSet<App.Locals>();
/** The requests whose second render makes a frame. */
const markRequested = new WeakSet<App.Locals>();
/** What that render's layout learnt: its shape's key, the stand-ins and the slots it marked. */
const marking = new WeakMap<
  App.Locals,
  { key: string; tokens: PageTokens; slots: readonly string[]; putMemberBack: () => void }
>();

/** The member's texts the frame only prints; everything else of `User` is part of the shape. */
export function standInUser(user: User, tokens: PageTokens): User {
  const image = user.profile.main_image;
  const standIn: User = {
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
  // The notification settings read with the member are switches: part of the shape, not texts.
  shareSettings(standIn, user);
  return standIn;
}

/** The session's member as the stand-ins' render sees it: its switches, no texts of its own. */
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

/**
 * Puts the stand-ins in the member's place for a render that must print none of the member's
 * texts (a frame or a page kept per shape); the function it returns puts the member back.
 */
export function standInFor(locals: App.Locals, member: SessionMember, userStandIn: User): () => void {
  const user = memberUser(locals);
  locals.member = standInMember(member, userStandIn);
  presentMemberUser(locals, Promise.resolve(userStandIn));
  return () => {
    locals.member = member;
    presentMemberUser(locals, user);
  };
}

/**
 * What a member page's render reads of the request and of the member, but the member's texts:
 * the route and its address, the query, the locale and country, the day, the member with
 * stand-ins for its texts, its notification settings and the session's switches. A page or a
 * layout kept per shape is keyed with it.
 */
export function memberShapeKey(locals: App.Locals, url: URL, user: User, member: SessionMember): string {
  return JSON.stringify([
    locals.routePath,
    url.pathname,
    url.search,
    locals.locale,
    locals.chosenLocale ?? null,
    locals.country,
    locals.countryKnown,
    locals.scheme,
    dayOf(locals),
    user,
    notificationSettingsOf(user) ?? null,
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
 * How the member layout `layout`, with `props` and the slots `slots`, renders this request.
 * Visitors, requests other than GET, and a render that already stands in for the member (a
 * whole page kept per shape, `accounts.page-template.ts`) are rendered whole.
 */
export async function memberFrame(
  astro: LayoutContext,
  layout: string,
  props: FrameProps,
  slots: readonly string[],
): Promise<MemberFrame> {
  const { locals } = astro;
  const member = locals.member;
  if (!member || astro.request.method !== 'GET' || !locals.platform.env.MEMBER_PAGE_TEMPLATES) return WHOLE;
  if (member.sessionId === '') return WHOLE;
  const user = await memberUser(locals);
  if (!user) return WHOLE;
  const tokens = new PageTokens();
  const userStandIn = standInUser(user, tokens);
  const key = JSON.stringify([layout, props, memberShapeKey(locals, astro.url, userStandIn, member)]);
  if (markRequested.has(locals)) {
    marking.set(locals, { key, tokens, slots, putMemberBack: standInFor(locals, member, userStandIn) });
    return MARK;
  }
  const frames = keptFramesOf(locals.site);
  const frame = frames.get(key);
  if (frame === null) return WHOLE;
  if (frame === undefined) {
    if (frames.seenBefore(key)) wanted.add(locals);
    return WHOLE;
  }
  takeIslandIds(astro.request, frame.islandIds);
  for (const hash of frame.hashes.script) astro.csp?.insertScriptHash(hash);
  for (const hash of frame.hashes.style) astro.csp?.insertStyleHash(hash);
  const { request } = astro;
  return { mode: 'kept', page: (slotsOf) => keptPage(request, frame, tokens.texts, slotsOf) };
}

async function keptPage(
  request: Request,
  frame: FrameTemplate,
  texts: readonly string[],
  slots: LayoutSlots,
): Promise<string> {
  const html: Record<string, string> = {};
  // In the order they stand, as a whole render writes them (Astro's island scripts go to the
  // first), each with its islands' HTML (react-islands.ts).
  for (const name of frame.slots)
    html[name] = slots.has(name) ? putIslandHtmlBack(request, String(await slots.render(name))) : '';
  return fillFrame(frame, texts, html);
}

/**
 * After a member page's render: when its layout found its shape not kept yet, render the page
 * again with the frame marked and keep the frame. The member page's answer is the first render's.
 */
export async function keepMemberFrame(locals: App.Locals, render: () => Promise<Response>): Promise<void> {
  if (!wanted.has(locals)) return;
  wanted.delete(locals);
  markRequested.add(locals);
  try {
    const page = await readForTemplate(await render());
    const marked = marking.get(locals);
    if (!marked) return;
    keptFramesOf(locals.site).set(marked.key, page ? cutFrame(page.html, marked.tokens, marked.slots) : null);
  } finally {
    markRequested.delete(locals);
    marking.get(locals)?.putMemberBack();
    marking.delete(locals);
  }
}
