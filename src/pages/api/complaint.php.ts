import { z } from 'zod';
import { fieldMessage, submitComplaint } from '../../features/complaints/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { invalidFields, platformError } from '../../server/errors.ts';
import { json } from '../../server/http.ts';

/**
 * `POST /api/complaint.php` (API.md): `{ profile?, category, text, email? }` → 201 `{ id }`;
 * 422 `validation` with `fields` (and `field_messages` in the visitor's language); 429
 * `rate_limited` with `retry_after`. The page's form without script is judged by the same
 * `submitComplaint`, so the body is handed over whole.
 */
export const POST = endpoint({
  body: z.unknown(),
  fieldMessage,
  async handle({ locals, input }) {
    const outcome = await submitComplaint(locals, input);
    if (outcome.kind === 'filed') return json({ id: outcome.id }, 201);
    if (outcome.kind === 'invalid') throw invalidFields(outcome.fields);
    throw platformError('rate_limited', { retryAfter: outcome.retryAfter });
  },
});

export const ALL = methodNotAllowed;
