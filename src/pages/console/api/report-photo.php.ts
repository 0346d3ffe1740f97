import { photoFileOf } from '../../../features/profiles/index.ts';
import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { platformError } from '../../../server/errors.ts';
import { z } from '../../../lib/zod.ts';

const photoQuery = z.strictObject({ network: z.string().min(1).max(64), id: z.string().min(1).max(64) });

/**
 * `GET /console/api/report-photo.php?network&id` (moderate in that network): any photo of a
 * profile, whatever its status, for the moderators' queue. Never cached outside the browser.
 */
export const GET = staffEndpoint({
  staff: 'moderate',
  query: photoQuery,
  async handle({ ctx, locals, input }) {
    if (!locals.staff!.can('moderate', input.network)) throw platformError('not_found');
    const key = await photoFileOf(ctx.db, input.network, input.id);
    const file = key === undefined ? undefined : await locals.platform.storage.stream(key);
    if (!file) throw platformError('not_found');
    return new Response(file.body, {
      headers: {
        'content-type': 'image/webp',
        'content-length': String(file.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, no-store',
      },
    });
  },
});
