import type { APIRoute } from 'astro';
import { bounceInput, noContent, readBeacon, recordBounce } from '../../features/page-behaviours/index.ts';
import { serviceContext } from '../../server/context.ts';

/** `POST /api/bounce.php` `{ page, ms }` (API.md): page-bounce logging for pages opened with `lb`. */
export const POST: APIRoute = async ({ request, locals }) => {
  const input = await readBeacon(request, bounceInput, locals.t);
  if (!input.ok) return input.response;
  await recordBounce(serviceContext(locals), input.value, locals.member?.id ?? null);
  return noContent();
};
