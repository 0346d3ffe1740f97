import type { APIRoute } from 'astro';
import { hostMayView } from '../../../features/host-inbox/operator-profiles.service.ts';
import { moderatorMayView } from '../../../features/photos/photos.moderation.ts';
import { consoleDb } from '../../../server/console-db.ts';
import { apiError } from '../../../server/http.ts';

/** The same file names the site's media route accepts, and nothing else. */
const MEDIA_PATH = /^[a-z0-9][a-z0-9-]{0,62}\/[a-z0-9]{2}\/[a-z0-9]+-(?:main|thumb|match)\.webp$/;

/**
 * The console's view of a member's photo: the photo queue shows pending photos, which no site
 * serves to anyone but their owner. Only staff who moderate the photo's network get it, and the
 * hosts who manage the network's operator-run profiles get those profiles' photos; never kept by
 * any cache; a profile photo's files only (a chat picture is a private conversation).
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const path = params.path ?? '';
  const staff = locals.staff;
  if (!staff || staff.mustChangePassword) return apiError(locals.t, 403, 'authentication_required');
  const ctx = { db: consoleDb(locals) };
  if (
    !MEDIA_PATH.test(path) ||
    !((await moderatorMayView(ctx, staff, path)) || (await hostMayView(ctx, staff, path)))
  )
    return apiError(locals.t, 404, 'not_found');
  const file = await locals.platform.storage.stream(path);
  if (!file) return apiError(locals.t, 404, 'not_found');
  return new Response(file.body, {
    headers: {
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-length': String(file.size),
      'cache-control': 'private, no-store',
    },
  });
};
