import { generalFieldMessage as sharedFieldMessage } from '../i18n/field-messages.ts';
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import type { Translate } from '../i18n/index.ts';
import type { RateRule, Site } from '../tenancy/site.ts';
import { addressKey, addressTag } from './address.ts';
import { JSON_BODY_LIMIT, readBodyText } from './body.ts';
import { serviceContext, type ServiceContext } from './context.ts';
import { DomainError, platformError } from './errors.ts';
import { json } from './http.ts';

/*
 * The endpoint kit: what every `src/pages/api/*.php.ts` file is written with, so that an endpoint
 * reads as its intent (who may call, what it takes, which service it asks) and the rest of
 * API.md's conventions hold in one place: the body size limit, JSON only (beacons: also text),
 * zod parsing into 422 field codes with messages in the request's language, the member guard,
 * and one mapping of refusals (DomainError) to statuses. Nothing thrown reaches the browser as a
 * trace: an unexpected error is logged and answered 500 in the member's language.
 */

export type SessionMember = NonNullable<App.Locals['member']>;

/** How a field code reads for the member; each feature knows its own codes' words. */
export type FieldMessage = (t: Translate, code: string, site: Site) => string;

/** Without a feature's words, a field's problem reads as one of the shared sentences. */
const generalFieldMessage: FieldMessage = (t, code) => sharedFieldMessage(t, code);

/** What a handler receives: the request, its parsed input, the member, and the service context. */
export interface Call<Input, Member, Ctx extends object = ServiceContext> {
  context: APIContext;
  locals: App.Locals;
  input: Input;
  member: Member;
  ctx: Ctx;
}

type Schema = z.ZodType;
type SchemaFor<S extends Schema> = S | ((context: APIContext) => S);
/** Stands for "no schema given": the call then has no input. */
type None = z.ZodNever;
type InputOf<B extends Schema, Q extends Schema> = [B] extends [None]
  ? [Q] extends [None]
    ? undefined
    : z.output<Q>
  : z.output<B>;

export interface EndpointSpec<
  B extends Schema,
  Q extends Schema,
  M extends boolean,
  Ctx extends object = ServiceContext,
> {
  /** `true`: members only, 403 `authentication_required` for a visitor. */
  member?: M;
  /**
   * Staff only (console routes): `true` for any logged-in staff member, or the permission the
   * caller must hold in at least one network (the handler checks the network it acts in with
   * `staff.can`). 403 `authentication_required` without a staff session, 403
   * `password_change_required` while the one-time password is in use (unless `firstLogin`),
   * 403 `forbidden` without the permission.
   */
  staff?: true | string;
  /** A staff call allowed while the one-time password is still in use (changing it, logging out). */
  firstLogin?: boolean;
  /** The JSON body's schema (a function of the request when the rules depend on the site). */
  body?: SchemaFor<B>;
  /** The query string's schema, parsed from its parameters as strings. */
  query?: SchemaFor<Q>;
  /**
   * `beacon`: `navigator.sendBeacon` sends text/plain, and an empty body counts as `{}`.
   * `form`: also `application/x-www-form-urlencoded` (payment providers' webhooks), read as an
   * object of its fields.
   */
  accept?: 'json' | 'beacon' | 'form';
  /** Largest body accepted, in bytes (JSON_BODY_LIMIT unless said). */
  limit?: number;
  /** The words for this feature's field codes in a 422. */
  fieldMessage?: FieldMessage;
  /**
   * A limit per client address (IPv6: its /64), counted before the body is read: `name` keys
   * the counter, `rule` picks the site's limit. Past it, 429 `rate_limited`.
   */
  perAddress?: { name: string; rule: (site: Site) => RateRule };
  handle(call: Call<InputOf<B, Q>, M extends true ? SessionMember : SessionMember | null, Ctx>): unknown;
}

/** A handler's plain value is sent as JSON 200; a Response is sent as it is. */
function toResponse(result: unknown): Response {
  return result instanceof Response ? result : json(result);
}

const JSON_TYPE = /^application\/json\b/i;

/** Whether a Content-Type is JSON, as a JSON endpoint takes it (else 415). */
export function isJsonType(contentType: string): boolean {
  return JSON_TYPE.test(contentType);
}
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;
const BEACON_TYPES = new Set(['application/json', 'text/plain', '']);

async function readJson(
  request: Request,
  accept: 'json' | 'beacon' | 'form',
  limit: number,
): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const form = accept === 'form' && FORM_TYPE.test(type);
  const acceptable =
    accept === 'beacon'
      ? BEACON_TYPES.has(type.split(';', 1)[0]!.trim().toLowerCase())
      : form || isJsonType(type);
  if (!acceptable) throw platformError('unsupported_media_type');
  const text = await readBodyText(request, limit);
  if (form) return Object.fromEntries(new URLSearchParams(text));
  if (accept === 'beacon' && text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw platformError('validation', { fields: { body: 'json_invalid' } });
  }
}

/**
 * The field codes of a failed parse, one per top-level field (its first problem): a schema's
 * own code when its message is one (`z.string().min(8, 'password_too_short')`); otherwise zod's
 * English is dropped for a shared code (`required`, `too_long`, `too_short`, `email_invalid`,
 * `invalid`) that every language words (src/i18n/field-messages.ts).
 */
export function fieldCodes(error: z.ZodError, input: unknown): Record<string, string> {
  const given = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'body';
    if (fields[field]) continue;
    fields[field] = /^[a-z][a-z0-9_]*$/.test(issue.message) ? issue.message : sharedCode(issue, given[field]);
  }
  return fields;
}

/** A zod issue without a code of its own, as one of the shared field codes. */
export function sharedCode(issue: z.core.$ZodIssue, given: unknown): string {
  const empty = given === undefined || given === null || given === '';
  switch (issue.code) {
    case 'invalid_type':
      return empty ? 'required' : 'invalid';
    case 'too_small':
      if (empty) return 'required';
      return issue.origin === 'string' ? 'too_short' : 'invalid';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'invalid';
    case 'invalid_format':
      return issue.format === 'email' ? 'email_invalid' : 'invalid';
    default:
      return 'invalid';
  }
}

function parseInput(schema: SchemaFor<Schema>, value: unknown, context: APIContext): unknown {
  const resolved = typeof schema === 'function' ? schema(context) : schema;
  const parsed = resolved.safeParse(value);
  if (!parsed.success) throw platformError('validation', { fields: fieldCodes(parsed.error, value) });
  return parsed.data;
}

/** What answering a refusal needs to know of the request (`locals`, or a gateway's part of them). */
export type AnswerLocals = Pick<App.Locals, 'platform' | 'site' | 't' | 'routePath' | 'clientIp'>;

/**
 * API.md's error shape for a refusal: `{ error, message, …details }`, `retry_after` with the
 * `Retry-After` header, and for a 422 `fields` with `field_messages` beside them.
 */
export function errorResponse(
  locals: AnswerLocals,
  error: DomainError,
  fieldMessage = generalFieldMessage,
): Response {
  const { t, site } = locals;
  const body: Record<string, unknown> = { error: error.code, message: t(error.messageKey, error.vars) };
  Object.assign(body, error.details);
  if (error.fields) {
    body.fields = error.fields;
    body.field_messages = Object.fromEntries(
      Object.entries(error.fields).map(([field, code]) => [field, fieldMessage(t, code, site)]),
    );
  }
  if (error.retryAfter !== undefined) body.retry_after = error.retryAfter;
  const response = json(body, error.status);
  if (error.retryAfter !== undefined) response.headers.set('retry-after', String(error.retryAfter));
  return response;
}

/**
 * The security log: every refusal that says "not you" or "not now" (403: origin, session,
 * signups closed, blocked; 429: every limit) as one line with the site, the path and the
 * client's address keyed with the app secret (never the address itself), so an operator can
 * see a guesser's pattern and group its lines without the log holding personal data.
 */
function logRefusal(locals: AnswerLocals, error: DomainError): void {
  const { platform, site } = locals;
  platform.log.warn('security: refused', {
    // A console request has no site (App.Locals).
    site: (site as typeof site | undefined)?.id ?? 'console',
    path: locals.routePath,
    status: error.status,
    error: error.code,
    address: addressTag(platform.secret, locals.clientIp ?? 'unknown'),
  });
}

/** Answers a thrown value: a refusal as API.md says, anything else as a logged 500. */
export function failureResponse(locals: AnswerLocals, error: unknown, fieldMessage?: FieldMessage): Response {
  if (error instanceof DomainError) {
    if (error.status === 403 || error.status === 429) logRefusal(locals, error);
    return errorResponse(locals, error, fieldMessage);
  }
  locals.platform.log.error('request failed', {
    path: locals.routePath,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  return errorResponse(locals, platformError('server_error'));
}

async function limitPerAddress(
  locals: App.Locals,
  limit: NonNullable<EndpointSpec<None, None, false>['perAddress']>,
): Promise<void> {
  const { platform, site } = locals;
  const key = `${limit.name}:${site.id}:${addressKey(locals.clientIp)}`;
  const decision = await platform.rateLimiter.consume(key, limit.rule(site), platform.clock.now());
  if (!decision.allowed) throw platformError('rate_limited', { retryAfter: decision.retryAfter });
}

/** The staff guard: a console session, past its first login, with the permission asked for. */
function guardStaff(locals: App.Locals, spec: { staff?: true | string; firstLogin?: boolean }): void {
  const staff = locals.staff;
  if (locals.area !== 'console' || !staff) throw platformError('authentication_required');
  if (staff.mustChangePassword && !spec.firstLogin) throw platformError('password_change_required');
  if (typeof spec.staff === 'string' && !staff.can(spec.staff)) throw platformError('forbidden');
}

/** What a feature fixes for all its endpoints: the context its rules take, and its field words. */
export interface FeatureDefaults<Ctx extends object> {
  context: (context: APIContext) => Ctx;
  fieldMessage?: FieldMessage;
}

/**
 * The kit bound to a feature: its endpoints receive the feature's own context as `ctx` (e.g.
 * accounts adds passwords and where the request came from) and speak its field codes.
 */
export function featureEndpoint<Ctx extends object>(defaults: FeatureDefaults<Ctx>) {
  return <B extends Schema = None, Q extends Schema = None, M extends boolean = false>(
    spec: EndpointSpec<B, Q, M, Ctx>,
  ): APIRoute => {
    const route: APIRoute = async (context) => {
      const { locals, request } = context;
      const fieldMessage = spec.fieldMessage ?? defaults.fieldMessage;
      try {
        if (spec.member && !locals.member) throw platformError('authentication_required');
        if (spec.staff) guardStaff(locals, spec);
        if (spec.perAddress) await limitPerAddress(locals, spec.perAddress);
        let input: unknown;
        if (spec.body) {
          const body = await readJson(request, spec.accept ?? 'json', spec.limit ?? JSON_BODY_LIMIT);
          input = parseInput(spec.body, body, context);
        } else if (spec.query) {
          input = parseInput(spec.query, Object.fromEntries(context.url.searchParams), context);
        }
        // The context is built when the handler first asks for it: a cheap call stays cheap.
        let ctx: Ctx | undefined;
        const call = {
          context,
          locals,
          input,
          member: locals.member,
          get ctx() {
            return (ctx ??= defaults.context(context));
          },
        };
        return toResponse(await spec.handle(call as Parameters<typeof spec.handle>[0]));
      } catch (error) {
        return failureResponse(locals, error, fieldMessage);
      }
    };
    routes.set(route, { spec, defaults } as unknown as KnownRoute);
    return route;
  };
}

/** The spec behind each route the kit made, for answering it outside Astro (`answerOutsideAstro`). */
interface KnownRoute {
  spec: EndpointSpec<Schema, Schema, boolean, ServiceContext>;
  defaults: FeatureDefaults<ServiceContext>;
}
const routes = new WeakMap<APIRoute, KnownRoute>();

/** The input schema of a GET that reads nothing of its query. */
const NO_INPUT = Symbol('no input');

/**
 * Whether a gateway may answer `route` outside Astro (`answerOutsideAstro`): a route the kit made,
 * without a limit per address (were its handler to reach for Astro's context after the limit
 * counted the call, the app would count it again).
 */
export function answerableOutsideAstro(route: unknown): route is APIRoute {
  const known = typeof route === 'function' ? routes.get(route as APIRoute) : undefined;
  return known !== undefined && !known.spec.perAddress;
}

/** A call answered outside Astro reached for Astro's context: the app must answer it. */
class NeedsAstro extends Error {}

/** What a gateway read of a call: its JSON body, or the parameters of its query string. */
export type GatewayInput = { body: unknown } | { query: Record<string, string> };

/**
 * Answers a call to `route` (made by the kit) whose JSON body or query a gateway of the built
 * server has read, without Astro: the route's own steps (member, the limit per address, the
 * schema, the handler, the refusals), so a guard added to the route's spec holds for the gateway
 * too. Answers undefined, having done nothing the app would do again, when the app must answer
 * instead: the schema refuses the input (the app's answer carries the 422), the route reads
 * other parts of the request than the gateway read, or its handler reaches for Astro's context (a
 * route whose handler does so, after its limit per address has counted the call, is no route for
 * a gateway: the app would count it again).
 */
export async function answerOutsideAstro(
  route: APIRoute,
  locals: App.Locals,
  given: GatewayInput,
): Promise<Response | undefined> {
  const known = routes.get(route);
  if (!known) return undefined;
  const { spec, defaults } = known;
  const schema =
    'body' in given
      ? !spec.query && (spec.accept ?? 'json') === 'json'
        ? spec.body
        : undefined
      : !spec.body
        ? (spec.query ?? NO_INPUT)
        : undefined;
  if (!schema || typeof schema === 'function') return undefined;
  // A route without a query schema reads no query, as in the app (`input` undefined).
  const parsed =
    schema === NO_INPUT
      ? { success: true as const, data: undefined }
      : schema.safeParse('body' in given ? given.body : given.query);
  if (!parsed.success) return undefined;
  const astro = (): never => {
    throw new NeedsAstro();
  };
  const context = {
    locals,
    get request() {
      return astro();
    },
    get url() {
      return astro();
    },
    get cookies() {
      return astro();
    },
  } as unknown as APIContext;
  let ctx: ServiceContext | undefined;
  const call = {
    get context() {
      return astro();
    },
    locals,
    input: parsed.data,
    member: locals.member,
    get ctx() {
      return (ctx ??= defaults.context(context));
    },
  };
  try {
    if (spec.member && !locals.member) throw platformError('authentication_required');
    if (spec.staff) guardStaff(locals, spec);
    if (spec.perAddress) await limitPerAddress(locals, spec.perAddress);
    return toResponse(await spec.handle(call as Parameters<typeof spec.handle>[0]));
  } catch (error) {
    if (error instanceof NeedsAstro) return undefined;
    return failureResponse(locals, error, spec.fieldMessage ?? defaults.fieldMessage);
  }
}

/** One API route, written as its intent (see the file comment), with the platform's context. */
export const endpoint = featureEndpoint({ context: ({ locals }) => serviceContext(locals) });

/**
 * One path, two calls told apart by a query flag (API.md's `?push=1` of `/api/user.php`): `when`
 * with the flag, `otherwise` without it.
 */
export function byQueryFlag(flag: string, when: APIRoute, otherwise: APIRoute): APIRoute {
  return (context) => (context.url.searchParams.has(flag) ? when : otherwise)(context);
}

export const methodNotAllowed: APIRoute = ({ locals }) =>
  errorResponse(locals, platformError('method_not_allowed'));

/**
 * An API path Astro had no handler for, answered as the API's JSON error in the caller's
 * language instead of Astro's: an unknown path, which Astro renders as the 404 page, is
 * `not_found`; a known path asked with a method its route does not export, which Astro answers
 * with an empty 404, is `method_not_allowed`. Every other answer passes unchanged.
 */
export function unansweredApiAsJson(
  context: { routePattern: string; locals: AnswerLocals },
  response: Response,
): Response {
  if (response.status !== 404) return response;
  if (context.routePattern === '/404') return errorResponse(context.locals, platformError('not_found'));
  if (response.body === null) return errorResponse(context.locals, platformError('method_not_allowed'));
  return response;
}
