import { pageHiddenInput, recordPageHidden } from '../../features/page-behaviours/index.ts';
import { endpoint } from '../../server/endpoint.ts';
import { noContent } from '../../server/http.ts';

/** `POST /api/page-hidden.php` `{}` (API.md): sent by every page when it becomes hidden. */
export const POST = endpoint({
  accept: 'beacon',
  body: pageHiddenInput,
  async handle({ ctx, member, input }) {
    await recordPageHidden(ctx, input, member?.id ?? null);
    return noContent();
  },
});
