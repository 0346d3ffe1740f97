import type { APIRoute } from 'astro';
import {
  noContent,
  pageHiddenInput,
  readBeacon,
  recordPageHidden,
} from '../../features/page-behaviours/index.ts';
import { serviceContext } from '../../server/context.ts';

/** `POST /api/page-hidden.php` `{}` (API.md): sent by every page when it becomes hidden. */
export const POST: APIRoute = async ({ request, locals }) => {
  const input = await readBeacon(request, pageHiddenInput, locals.t);
  if (!input.ok) return input.response;
  await recordPageHidden(serviceContext(locals), input.value, locals.member?.id ?? null);
  return noContent();
};
