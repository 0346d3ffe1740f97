import type { APIRoute } from 'astro';
import { submitComplaint } from '../../features/complaints/index.ts';
import { apiError, json } from '../../server/http.ts';

/**
 * `POST /api/complaint.php` (API.md): `{ profile?, category, text, email? }` → 201 `{ id }`;
 * 422 `validation` with `fields` (and `field_messages` in the visitor's language); 429
 * `rate_limited` with `retry_after`.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { t } = locals;
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return apiError(t, 415, 'unsupported_media_type');
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = undefined;
  }
  const outcome = await submitComplaint(locals, body);
  switch (outcome.kind) {
    case 'filed':
      return json({ id: outcome.id }, 201);
    case 'invalid':
      return apiError(t, 422, 'validation', { fields: outcome.fields, field_messages: outcome.messages });
    case 'rate_limited': {
      const response = apiError(t, 429, 'rate_limited', { retry_after: outcome.retryAfter });
      response.headers.set('retry-after', String(outcome.retryAfter));
      return response;
    }
  }
};

export const ALL: APIRoute = ({ locals }) => apiError(locals.t, 405, 'method_not_allowed');
