import type { z } from 'zod';
import type { Translate } from '../../i18n/index.ts';
import { apiError } from '../../server/http.ts';

/**
 * Reads a beacon's body. `navigator.sendBeacon` with a string sends `text/plain`, so the beacons
 * accept it beside JSON (API.md); any other type is refused. An empty body counts as `{}`.
 */
export async function readBeacon<S extends z.ZodType>(
  request: Request,
  schema: S,
  t: Translate,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json' && type !== 'text/plain' && type !== '') {
    return { ok: false, response: apiError(t, 415, 'unsupported_media_type') };
  }
  const text = await request.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(t, 422, 'validation', { fields: { body: 'json_invalid' } }) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= 'invalid';
    return { ok: false, response: apiError(t, 422, 'validation', { fields }) };
  }
  return { ok: true, value: parsed.data };
}

/** A beacon's answer: nothing to say, never cached. */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
