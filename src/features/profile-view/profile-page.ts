import type { AstroGlobal } from 'astro';
import { publicProfile } from '../profiles/index.ts';
import { serviceContext } from '../../server/context.ts';
import { localePath } from '../../server/request.ts';
import { openProfile, type OpenedProfile } from './profile-view.service.ts';

/**
 * What `/members/{id}` and `/likes/m/{id}` answer (one screen, two routes): a visitor is sent
 * to sign up with that member's lander where a public page may show them, to log in otherwise
 * (the profile view itself is the member area); a member gets the profile, the blocked screen
 * (403) or the 404 page. The page is personal: never cached.
 */
export async function profilePage(astro: AstroGlobal): Promise<Response | OpenedProfile> {
  astro.response.headers.set('cache-control', 'private, no-store');
  const { member, locale } = astro.locals;
  const id = astro.params.id ?? '';
  const ctx = serviceContext(astro.locals);
  if (!member) {
    const lander = id ? await publicProfile(ctx, id) : undefined;
    const to = lander
      ? localePath(locale, `/members/${encodeURIComponent(id)}/signup`)
      : `${localePath(locale, '/login')}?next=${encodeURIComponent(astro.url.pathname + astro.url.search)}`;
    return astro.redirect(to, 303);
  }
  const opened = await openProfile(ctx, { profileId: member.profileId, premium: member.paidUser }, id);
  if (opened.kind === 'not_found') return astro.rewrite('/404');
  if (opened.kind === 'blocked') astro.response.status = 403;
  return opened;
}
