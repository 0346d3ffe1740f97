import type { MessageKey, Translate } from '../i18n/index.ts';

/** JSON response with the API's content type; never cached unless a caller says so. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The error codes of API.md and the message each shows, in the member's language. */
const ERROR_MESSAGES = {
  not_found: 'api.not_found',
  validation: 'api.validation',
  authentication_required: 'api.authentication_required',
  forbidden_origin: 'api.forbidden_origin',
  unsupported_media_type: 'api.unsupported_media_type',
  method_not_allowed: 'api.method_not_allowed',
  rate_limited: 'api.rate_limited',
  server_error: 'error.try_later',
} as const satisfies Record<string, MessageKey>;

export type ApiErrorCode = keyof typeof ERROR_MESSAGES;

/** An error in the shape of API.md: `{ error, message, …details }`. */
export function apiError(
  t: Translate,
  status: number,
  code: ApiErrorCode,
  details: Record<string, unknown> = {},
): Response {
  return json({ error: code, message: t(ERROR_MESSAGES[code]), ...details }, status);
}
