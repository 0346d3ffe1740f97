import { FetchError, ofetch } from 'ofetch';
import { pageLocale } from './page-locale.ts';

/**
 * The browser's one way to call the API (ARCHITECTURE: `src/lib/api-client.ts`).
 *
 * - Retries (spec §7, API.md "Retries"): GETs, the idempotent PUT and DELETE, and POSTs that
 *   carry an idempotency key are retried after network failures and 5xx answers, up to five
 *   times with an exponentially growing delay. A plain POST is never retried: it may have
 *   reached the server before the connection broke, and sending it twice could sign up,
 *   pay or send twice. A 4xx is an answer, not a failure, and is never retried.
 * - Errors come back as `ApiError` with the API's `{ error, message, fields }`, so a form can
 *   show the server's message in the member's language and put field errors beside their fields.
 * - Spec §8: a 403 `authentication_required` from any call except `user.php` means the session
 *   is gone; the registered handler logs the browser out.
 * - Calls are named by route, `api('POST /api/user.php', body)`: the route map `ApiRoutes` gives
 *   each one its request and answer types, so no call site spells a path or an answer type.
 */

/** The error body every API error carries (API.md "Conventions"). */
export interface ApiErrorBody {
  error: string;
  message?: string;
  /** On 422 `validation`: field name → field code. */
  fields?: Record<string, string>;
  /** On 422 `validation`: field name → its message in the request's language. */
  field_messages?: Record<string, string>;
  /** Present on every 429. */
  retry_after?: number;
  [detail: string]: unknown;
}

/** The code of an `ApiError` that never reached the server or got no usable answer. */
export const NETWORK_ERROR = 'network_error';

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The API's error code (`login_failed`, `validation`, …) or `network_error`. */
  readonly code: string;
  /** Field name → field code, for 422 `validation`; empty otherwise. */
  readonly fields: Readonly<Record<string, string>>;
  /** On 422 `validation`: field name → the server's message for it, in the request's language. */
  readonly fieldMessages: Readonly<Record<string, string>>;
  /** The whole error body, for details such as `minutes` or `retry_after`. */
  readonly body: Readonly<ApiErrorBody>;

  constructor(status: number, body: ApiErrorBody) {
    // The server's message is already in the member's language; an empty one means the caller
    // must say something generic in its own words.
    super(body.message ?? '');
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error;
    this.fields = body.fields ?? {};
    this.fieldMessages = body.field_messages ?? {};
    this.body = body;
  }

  /** Seconds to wait before trying again, on a 429. */
  get retryAfter(): number | undefined {
    return typeof this.body.retry_after === 'number' ? this.body.retry_after : undefined;
  }

  /** A number the error carries (e.g. `minutes` of `account_locked`). */
  detail(name: string): number | undefined {
    const value = this.body[name];
    return typeof value === 'number' ? value : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A POST that carries an idempotency key (`client_id`) may be retried like a GET. Set `false`
   * on any other method to never retry (e.g. a call whose second attempt would fail misleadingly).
   */
  idempotent?: boolean;
}

export interface ApiClientConfig {
  /** The transport (tests pass a fake); defaults to the browser's fetch. */
  fetch?: typeof globalThis.fetch;
  /** Waits between attempts (tests pass an instant one and record the delays). */
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ n < 1, spreads retries of many clients apart; default Math.random. */
  random?: () => number;
  /** The page's locale, sent as `x-locale` so errors come back in the page's language. */
  locale?: () => string | undefined;
  /** Retries after the first attempt (spec §7: 5). */
  retries?: number;
  /** The first delay; each further one doubles, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Called when a call other than user.php answers 403 `authentication_required`. */
  onAuthenticationRequired?: () => void;
}

/**
 * The API's calls as the browser makes them: `'METHOD /path'` (a fixed query included, as in
 * `'POST /api/password-reset.php?do=1'`) → the request body and the answer. Empty here: each
 * feature adds its own calls from its `*.schemas.ts` by augmenting this interface, so the
 * client names no feature and a feature's types stay beside its schemas.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ApiRoutes {}

export type ApiRoute = keyof ApiRoutes & string;
/** What `route` sends: `undefined` for a call without a body. */
export type ApiBody<R extends ApiRoute> = ApiRoutes[R] extends { body: infer B } ? B : never;
/** What `route` answers. */
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R] extends { answer: infer A } ? A : never;
/** A body is left out exactly where the route sends none. */
export type ApiArgs<R extends ApiRoute> =
  undefined extends ApiBody<R>
    ? [body?: ApiBody<R>, options?: CallOptions]
    : [body: ApiBody<R>, options?: CallOptions];

export interface ApiClient {
  /** A call of the route map: `request('PUT /api/account.php', { invisible: true })`. */
  request<R extends ApiRoute>(route: R, ...args: ApiArgs<R>): Promise<ApiAnswer<R>>;
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Replaces the handler for a lost session (the accounts store registers its logout). */
  setAuthenticationRequiredHandler(handler: () => void): void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Methods HTTP defines as idempotent: sending them twice has the effect of sending them once. */
const IDEMPOTENT_METHODS: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);

/** The one call exempt from the logout rule: it answers for the login form and the refresh. */
const USER_PATH = /^\/api\/user\.php(?:$|\?)/;

/** The delay before retry number `attempt` (0-based): doubling, capped, with up to 20 % jitter. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(exponential * (1 + 0.2 * random()));
}

/** In the browser, losing the session means going to the root as a visitor. */
function goHome(): void {
  if (typeof location !== 'undefined') location.assign('/');
}

function errorBody(data: unknown): ApiErrorBody | undefined {
  if (typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string') {
    return data as ApiErrorBody;
  }
  return undefined;
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const retries = config.retries ?? 5;
  const baseDelay = config.baseDelayMs ?? 400;
  const maxDelay = config.maxDelayMs ?? 8_000;
  const random = config.random ?? Math.random;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const locale = config.locale ?? pageLocale;
  let onAuthenticationRequired = config.onAuthenticationRequired ?? goHome;
  const $fetch = ofetch.create({ retry: false }, config.fetch ? { fetch: config.fetch } : {});

  async function call<T>(method: Method, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const retryable = options.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const language = locale();
    if (language) headers['x-locale'] = language;
    if (method === 'GET' && USER_PATH.test(path)) headers['x-client-request'] = '1';

    for (let attempt = 0; ; attempt++) {
      try {
        return await $fetch<T>(path, {
          method,
          headers,
          query: options.query,
          signal: options.signal,
          // ofetch sends objects as JSON; DELETE carries one too (the account deletion form).
          ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        });
      } catch (error) {
        const failure = toApiError(error);
        if (failure === 'aborted') throw error;
        const transient = failure.status === 0 || failure.status >= 500;
        if (retryable && transient && attempt < retries) {
          await sleep(retryDelay(attempt, baseDelay, maxDelay, random));
          continue;
        }
        if (failure.status === 403 && failure.code === 'authentication_required' && !USER_PATH.test(path)) {
          onAuthenticationRequired();
        }
        throw failure;
      }
    }
  }

  return {
    request: (route, ...[body, options]) => {
      const [method, path] = splitRoute(route);
      return call(method, path, body, options);
    },
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    put: (path, body, options) => call('PUT', path, body, options),
    delete: (path, body, options) => call('DELETE', path, body, options),
    setAuthenticationRequiredHandler(handler) {
      onAuthenticationRequired = handler;
    },
  };
}

const METHODS: ReadonlySet<string> = new Set<Method>(['GET', 'POST', 'PUT', 'DELETE']);

/** `'PUT /api/account.php'` → `['PUT', '/api/account.php']`. */
export function splitRoute(route: string): [Method, string] {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  if (space < 0 || !METHODS.has(method)) throw new TypeError(`not a route: ${route}`);
  return [method as Method, route.slice(space + 1)];
}

/** What went wrong, as the API describes it; `aborted` when the caller cancelled. */
function toApiError(error: unknown): ApiError | 'aborted' {
  if (error instanceof FetchError) {
    if ((error.cause as Error | undefined)?.name === 'AbortError') return 'aborted';
    const status = error.response?.status ?? 0;
    const body = errorBody(error.data);
    if (status === 0) return new ApiError(0, { error: NETWORK_ERROR });
    return new ApiError(status, body ?? { error: status >= 500 ? 'server_error' : 'http_error' });
  }
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  return new ApiError(0, { error: NETWORK_ERROR });
}

/** The client every island shares. */
export const apiClient: ApiClient = createApiClient();

/** A call of the shared client, named by its route: `api('POST /api/user.php', { email, password })`. */
export function api<R extends ApiRoute>(route: R, ...args: ApiArgs<R>): Promise<ApiAnswer<R>> {
  return apiClient.request(route, ...args);
}
