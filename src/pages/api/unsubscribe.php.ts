import { unsubscribe } from '../../features/notification-mail/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { z } from '../../lib/zod.ts';

const tokenQuery = z.object({ token: z.string().max(200) });
/** RFC 8058's body (`List-Unsubscribe=One-Click`), the confirm button's form, or JSON `{}`. */
const oneClick = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

/**
 * `GET /api/unsubscribe.php?token=T`: the page naming the category, with a button to confirm;
 * nothing changes on GET (a mail scanner opening links must not unsubscribe anyone).
 */
export const GET = endpoint({
  query: tokenQuery,
  handle: ({ context, input }) => context.rewrite(`/unsubscribe?token=${encodeURIComponent(input.token)}`),
});

/**
 * `POST /api/unsubscribe.php?token=T`: that category off, reason `listunsubscribe`. A browser
 * (the page's button) is shown the page saying so; a mail client gets `{ ok, category }`.
 */
export const POST = endpoint({
  body: oneClick,
  accept: 'form',
  handle: async ({ context, ctx, locals, input: _ }) => {
    const token = context.url.searchParams.get('token') ?? '';
    const done = await unsubscribe(ctx, locals.platform.secret, token);
    if ((context.request.headers.get('accept') ?? '').includes('text/html'))
      return context.redirect(`/unsubscribe?token=${encodeURIComponent(token)}&done=1`, 303);
    return done;
  },
});

export const ALL = methodNotAllowed;
