import type { APIRoute } from 'astro';
import { chatMediaAllowed } from '../../features/chat/index.ts';
import { mediaAccess } from '../../features/photos/index.ts';
import { serviceContext } from '../../server/context.ts';
import { apiError } from '../../server/http.ts';
import { canPresign, PRESIGN_MAX_SECONDS } from '../../server/storage/index.ts';

/** `<network>/<shard>/<file>.webp`: nothing else can name a file (no traversal, no other types). */
const MEDIA_PATH = /^([a-z0-9][a-z0-9-]{0,62})\/([a-z0-9]{2})\/([a-z0-9]+-(?:main|thumb|match|blur)\.webp)$/;

/**
 * A stored image can never run as a page: the browser must not guess another type, and the
 * sandbox with no sources keeps a crafted file opened on its own from scripting or loading
 * anything.
 */
const FILE_HEADERS = {
  'content-type': 'image/webp',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
};

/**
 * A public photo may stop being public (its member goes invisible, private or away, it is
 * replaced as main or rejected): its files then get new names and the old address answers 404.
 * A browser keeps what it fetched for an hour at most, a shared cache (deploy/nginx) 60 seconds,
 * so nothing serves it from the old address longer than that. Never `immutable`.
 */
export const PUBLIC_CACHE = 'public, max-age=3600, s-maxage=60';

/**
 * Images from the platform's file storage (DATA_DIR/uploads by default): the one way a stored
 * file reaches a browser. A site serves only its own network's files, so one brand's domain
 * never exposes another network's members. Who may have which file is the photos feature's
 * rule (`mediaAccess`), and for a picture sent in a chat the chat's (`chatMediaAllowed`): the
 * active main photo of a visible profile is public and cached briefly (see `PUBLIC_CACHE`);
 * every other file is answered only to a viewer the rule admits, marked private (on a bucket,
 * `STORAGE_URL`, as a redirect to a presigned address valid 5 minutes at most; the public ones
 * are streamed from the bucket, which stays private, so they keep the short cache times and the
 * new names on retirement). A refusal is the same 404 as a missing file, so nobody learns
 * that a file exists.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const path = params.path ?? '';
  const match = MEDIA_PATH.exec(path);
  if (!match || match[1] !== locals.site.network) return apiError(locals.t, 404, 'not_found');
  try {
    const member = locals.member;
    const viewer = member ? { profileId: member.profileId, premium: member.paidUser } : null;
    const ctx = serviceContext(locals);
    let access = await mediaAccess(ctx, path, viewer);
    // A picture sent in a chat is no profile photo: the chat's rule admits its two sides.
    if (access === 'denied' && (await chatMediaAllowed(ctx, path, viewer))) access = 'private';
    if (access === 'denied') return apiError(locals.t, 404, 'not_found');
    const storage = locals.platform.storage;
    if (access === 'private' && canPresign(storage)) {
      // On a bucket the viewer fetches a checked file there, by an address that expires soon.
      const url = await storage.presign(path, PRESIGN_MAX_SECONDS);
      if (!url) return apiError(locals.t, 404, 'not_found');
      return new Response(null, {
        status: 302,
        // Never kept: a later request must pass the check again and get an address of its own.
        headers: { location: url, 'cache-control': 'private, no-store' },
      });
    }
    const file = await storage.stream(path);
    if (!file) return apiError(locals.t, 404, 'not_found');
    return new Response(file.body, {
      headers: {
        ...FILE_HEADERS,
        'content-length': String(file.size),
        // A checked file may stop being this viewer's (a block, a lock): kept only briefly, and
        // only in the viewer's own browser.
        'cache-control': access === 'public' ? PUBLIC_CACHE : 'private, max-age=300',
      },
    });
  } catch {
    return apiError(locals.t, 404, 'not_found');
  }
};
