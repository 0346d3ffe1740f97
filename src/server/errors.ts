import type { MessageKey, MessageVars } from '../i18n/index.ts';

/** How a refusal reads in the request's language: a message key and its placeholders. */
export interface DomainErrorInit {
  /** The HTTP status of API.md for this code. */
  status: number;
  /** What the member reads in `message`, translated when the answer is written. */
  message: MessageKey;
  vars?: MessageVars;
  /** Extra fields of the answer beside `error` and `message` (e.g. `minutes`, `reason`, `name`). */
  details?: Record<string, unknown>;
  /** Seconds until a retry may succeed: sent as `retry_after` and as the `Retry-After` header. */
  retryAfter?: number;
  /** A 422's field codes, `fields: { name: code }`. */
  fields?: Record<string, string>;
}

/**
 * A refusal by the rules: what a service throws when a request cannot be done as asked. The
 * endpoint kit turns it into API.md's `{ error, message, …details }` in one place; anything else
 * thrown is a bug, logged and answered 500 without a trace.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly vars: MessageVars | undefined;
  readonly details: Record<string, unknown>;
  readonly retryAfter: number | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(code: string, init: DomainErrorInit) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.status = init.status;
    this.messageKey = init.message;
    this.vars = init.vars;
    this.details = init.details ?? {};
    this.retryAfter = init.retryAfter;
    this.fields = init.fields;
  }
}

/** The platform's own refusals, shared by every feature. */
export const PLATFORM_ERRORS = {
  not_found: { status: 404, message: 'api.not_found' },
  validation: { status: 422, message: 'api.validation' },
  authentication_required: { status: 403, message: 'api.authentication_required' },
  forbidden_origin: { status: 403, message: 'api.forbidden_origin' },
  forbidden: { status: 403, message: 'api.forbidden' },
  password_change_required: { status: 403, message: 'api.password_change_required' },
  unsupported_media_type: { status: 415, message: 'api.unsupported_media_type' },
  method_not_allowed: { status: 405, message: 'api.method_not_allowed' },
  payload_too_large: { status: 413, message: 'api.payload_too_large' },
  rate_limited: { status: 429, message: 'api.rate_limited' },
  server_error: { status: 500, message: 'error.try_later' },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type PlatformErrorCode = keyof typeof PLATFORM_ERRORS;

/** One of the platform's refusals, with its status and message from the table above. */
export function platformError(
  code: PlatformErrorCode,
  init: Omit<DomainErrorInit, 'status' | 'message'> = {},
): DomainError {
  return new DomainError(code, { ...PLATFORM_ERRORS[code], ...init });
}

/**
 * A feature's refusal constructor: `describeOwn` gives the status and words of the feature's own
 * codes, and the platform refusals a feature shares (not found, forbidden, a 422 with the facts'
 * field codes) read as they do everywhere else, so no feature can give them other words.
 */
export function featureRefusals<Code extends string, Facts extends { fields?: Record<string, string> }>(
  describeOwn: (code: Code, facts: Partial<Facts>) => DomainErrorInit,
): (code: Code | 'not_found' | 'forbidden' | 'validation', facts?: Partial<Facts>) => DomainError {
  return (code, facts = {}) => {
    if (code === 'validation') return invalidFields(facts.fields ?? {});
    if (code === 'not_found') return platformError('not_found');
    if (code === 'forbidden') return platformError('forbidden');
    return new DomainError(code, describeOwn(code, facts));
  };
}

/** The 422 `validation` refusal with its field codes. */
export function invalidFields(fields: Record<string, string>): DomainError {
  return platformError('validation', { fields });
}

/**
 * The key a list's page cursor holds, read by `read`; no cursor (or an empty one) is the first
 * page. A cursor the list did not write is 422 `cursor: invalid`: read as the first page, it made
 * a client's "more" add the first page again.
 */
export function pageCursor<Key>(
  cursor: string | undefined,
  read: (text: string) => Key | undefined,
): Key | undefined {
  if (!cursor) return undefined;
  const key = read(cursor);
  if (key === undefined) throw invalidFields({ cursor: 'invalid' });
  return key;
}
