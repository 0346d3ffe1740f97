import type { APIContext } from 'astro';
import type { Translate } from '../../i18n/index.ts';
import { serviceContext } from '../../server/context.ts';
import { apiError, json } from '../../server/http.ts';
import { siteOrigin } from '../../server/request.ts';
import {
  accountErrorMessageKey,
  fieldErrorMessage,
  fieldErrors,
  type FieldErrorCode,
} from './accounts.schemas.ts';
import { AccountError, type AccountsContext } from './accounts.service.ts';
import type { SessionMember } from './accounts.types.ts';
import { argon2Passwords } from './passwords.ts';
import type { z } from 'zod';

/*
 * What the accounts endpoints share: the context built from the request, reading a JSON body,
 * and the mapping of the rules' refusals to the statuses and shapes of API.md.
 */

export function accountsContext(context: APIContext): AccountsContext {
  const { locals, request } = context;
  const { platform } = locals;
  return {
    ...serviceContext(locals),
    passwords: argon2Passwords,
    request: {
      ip: locals.clientIp,
      userAgent: request.headers.get('user-agent'),
      locale: locals.locale,
      country: locals.country,
      countryKnown: locals.countryKnown,
      siteOrigin: siteOrigin(locals.site, locals.scheme, platform.env.PUBLIC_PORT),
    },
  };
}

/** A JSON body, or the answer to send instead (415 for another type, 422 for broken JSON). */
export async function readJsonBody(
  request: Request,
  t: Translate,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    return { ok: false, response: apiError(t, 415, 'unsupported_media_type') };
  try {
    return { ok: true, body: await request.json() };
  } catch {
    return { ok: false, response: apiError(t, 422, 'validation', { fields: {} }) };
  }
}

/**
 * The 422 of API.md, `fields: { name: code }`, and beside it each field's message in the
 * request's language (`field_messages`), so any client can show the spec's words.
 */
export function validationError(locals: App.Locals, fields: Record<string, FieldErrorCode>): Response {
  const messages: Record<string, string> = {};
  for (const [field, code] of Object.entries(fields))
    messages[field] = fieldErrorMessage(locals.t, code, locals.site.limits.minAge);
  return apiError(locals.t, 422, 'validation', { fields, field_messages: messages });
}

/** Parses a body with a schema: the data, or the 422 with its field codes. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
  locals: App.Locals,
): { ok: true; data: z.infer<S> } | { ok: false; response: Response } {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, response: validationError(locals, fieldErrors(parsed.error)) };
}

/** The logged-in member, or the 403 `authentication_required` of API.md. */
export function memberOr403(
  locals: App.Locals,
): { ok: true; member: SessionMember } | { ok: false; response: Response } {
  return locals.member
    ? { ok: true, member: locals.member }
    : { ok: false, response: apiError(locals.t, 403, 'authentication_required') };
}

const STATUS = {
  login_failed: 401,
  account_locked: 429,
  email_exists: 409,
  account_pending_deletion: 409,
  signup_closed: 403,
  email_not_found: 404,
  too_many_reset_emails: 429,
  link_invalid: 400,
} as const;

function withRetryAfter(response: Response, seconds: number | undefined): Response {
  if (seconds !== undefined) response.headers.set('retry-after', String(seconds));
  return response;
}

/**
 * A refusal of the rules as API.md shapes it: `{ error, message, …details }` with the message in
 * the request's language. Anything else is a bug and is thrown on (Astro answers 500).
 */
export function accountErrorResponse(locals: App.Locals, error: unknown): Response {
  if (!(error instanceof AccountError)) throw error;
  const { t } = locals;
  const { code, details } = error;
  const retry = details.retryAfter;
  switch (code) {
    case 'validation':
      return validationError(locals, details.fields ?? {});
    case 'rate_limited':
      return withRetryAfter(apiError(t, 429, 'rate_limited', { retry_after: retry ?? 60 }), retry ?? 60);
    case 'authentication_required':
      return apiError(t, 403, 'authentication_required');
    case 'signup_closed': {
      const key =
        details.reason === 'invite'
          ? 'accounts.error.invite_required'
          : details.reason === 'trafficsource'
            ? 'accounts.error.trafficsource_required'
            : 'accounts.error.signup_closed';
      return json({ error: code, message: t(key), reason: details.reason ?? 'closed' }, STATUS[code]);
    }
    case 'account_locked': {
      const minutes = details.minutes ?? 1;
      const body = {
        error: code,
        message: t(accountErrorMessageKey(code), { minutes }),
        minutes,
        retry_after: retry ?? 60,
      };
      return withRetryAfter(json(body, STATUS[code]), retry ?? 60);
    }
    case 'too_many_reset_emails': {
      const wait = retry ?? 24 * 60 * 60;
      const body = { error: code, message: t(accountErrorMessageKey(code)), retry_after: wait };
      return withRetryAfter(json(body, STATUS[code]), wait);
    }
    default:
      return json({ error: code, message: t(accountErrorMessageKey(code)) }, STATUS[code]);
  }
}
