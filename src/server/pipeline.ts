/**
 * The request pipeline (../shared/ARCHITECTURE.md rule 11): every request, whoever answers it
 * (the Astro middleware for pages and endpoints, a gateway of serve.ts for the chat send and the
 * event stream), is worked out by `admitRequest` and the registered steps, and leaves through
 * `finishResponse`. A guard added here, or as a step, holds for every route at once.
 *
 * - `admitRequest`: site from Host, locale (URL prefix for pages, the visitor's choice for the
 *   API), the locale redirects, client address, scheme and country, the origin check of
 *   mutations and the declared body length;
 * - the steps (`RequestStep`, registered by the composition root, src/app/): tracking, session
 *   and member status; each runs in Astro (`run`) or, on a fast path, without it (`quiet`);
 * - `finishResponse`: cache policy, security headers (the CSP of pages is Astro's), compression.
 *
 * A fast path runs the same three parts without Astro's `Request` and rendering; where a step
 * cannot do its work quietly (a cookie to write, an answer of its own) or has no quiet form, the
 * fast path hands the request to the app, which runs the step in full.
 */
import type { IncomingMessage } from 'node:http';
import type { APIContext } from 'astro';
import { translator } from '../i18n/index.ts';
import { isLocale, type Locale } from '../i18n/locales.ts';
import { assertDeclaredLength, bodyLimitFor } from './body.ts';
import { compressResponse } from './compression.ts';
import { failureResponse, type SessionMember } from './endpoint.ts';
import { platformError } from './errors.ts';
import type { Platform } from './platform.ts';
import {
  apiLocale,
  clientIp,
  LOCALE_COOKIE,
  localePath,
  originAllowed,
  readCookie,
  requestScheme,
  pageLocaleRedirect,
  routeLocale,
  SAFE_METHODS,
  visitorCountry,
} from './request.ts';
import { addSecurityHeaders, securityHeadersFor } from './security-headers.ts';
import { canPresign } from './storage/index.ts';
import { isConsolePath } from './staff.ts';
import { normalizeHost } from '../tenancy/host.ts';
import { LOCALES } from '../i18n/locales.ts';

/** What the pipeline reads of a request, from Astro's `Request` or from Node's `IncomingMessage`. */
export interface RequestFacts {
  method: string;
  pathname: string;
  /** The query with its `?`, or ''. */
  search: string;
  headers: Pick<Headers, 'get'>;
  /** The socket's address (the client's unless a trusted proxy names another). */
  remoteAddress: string | undefined;
}

/** A header of a Node request as `Headers.get` reads it (repeated ones joined). */
export function nodeHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : null;
}

/** The pipeline's view of a Node request: its path and query, a header reader, the socket's address. */
export function nodeRequestFacts(req: IncomingMessage): RequestFacts {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return {
    method: req.method ?? 'GET',
    pathname: query < 0 ? url : url.slice(0, query),
    search: query < 0 ? '' : url.slice(query),
    headers: { get: (name: string) => nodeHeader(req, name.toLowerCase()) },
    remoteAddress: req.socket.remoteAddress,
  };
}

/** The locals every request gets once it is admitted; the steps add the member. */
export type ArrivalLocals = Pick<
  App.Locals,
  | 'platform'
  | 'site'
  | 'locale'
  | 't'
  | 'routePath'
  | 'country'
  | 'countryKnown'
  | 'scheme'
  | 'clientIp'
  | 'chosenLocale'
  | 'area'
> &
  Partial<Pick<App.Locals, 'member' | 'staff'>>;

export type Admission =
  /** Answered before any step: an unknown host, a locale redirect, a refused mutation. */
  | { answer: Response; locals?: undefined; isApi?: undefined }
  | { answer?: undefined; locals: ArrivalLocals; isApi: boolean };

/** An unknown host names no brand: a plain page, the same for every host. */
function unknownHost(): Response {
  return new Response(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>404 Not Found</title><h1>404 Not Found</h1><p>There is no site at this address.</p></html>',
    { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );
}

function redirect(location: string, status: 301 | 302 | 303 | 308): Response {
  // Locale redirects depend on cookies and configuration: never cache the temporary ones.
  const cache = status === 301 || status === 308 ? 'public, max-age=3600' : 'no-store';
  return new Response(null, { status, headers: { location, 'cache-control': cache } });
}

/** Whether a Host header names one of the console's hosts (CONSOLE_HOSTS). */
export function isConsoleHost(consoleHosts: readonly string[], host: string | null): boolean {
  return host !== null && consoleHosts.includes(normalizeHost(host));
}

/** The console's language: the visitor's chosen locale, else the browser's first we speak, else English. */
function consoleLocale(chosen: Locale | undefined, acceptLanguage: string | null): Locale {
  if (chosen) return chosen;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';', 1)[0]!.trim().toLowerCase();
    const base = tag.split('-', 1)[0]!;
    const match = base === 'no' ? 'nb' : base;
    if ((LOCALES as readonly string[]).includes(match)) return match as Locale;
  }
  return 'en';
}

/**
 * The answer to a mutation refused before any of its body is read: sent from another origin than
 * `ownDomains`, or saying it is larger than its route takes. Undefined when it may go on.
 */
function refusedMutation(
  request: RequestFacts,
  ownDomains: readonly string[],
  locals: ArrivalLocals,
): Response | undefined {
  const { headers, pathname, method } = request;
  if (SAFE_METHODS.has(method)) return undefined;
  try {
    if (!originAllowed(headers.get('origin'), ownDomains, pathname)) throw platformError('forbidden_origin');
    assertDeclaredLength(headers, bodyLimitFor(pathname));
    return undefined;
  } catch (error) {
    return failureResponse(locals, error);
  }
}

/**
 * A request to a console host: only console routes, with the same origin check (the console's
 * own hosts) and body limit as a site's; the steps of the console area (the staff session) follow.
 */
function admitConsole(
  platform: Platform,
  request: RequestFacts,
  secured: (response: Response) => Admission,
): Admission {
  const { headers, pathname } = request;
  const { env } = platform;
  // A console host answers no site: anything but the console's routes is not here.
  if (!isConsolePath(pathname)) return secured(unknownHost());
  const cookieLocale = readCookie(headers.get('cookie'), LOCALE_COOKIE);
  const chosenLocale: Locale | undefined = isLocale(cookieLocale) ? cookieLocale : undefined;
  const locale = consoleLocale(chosenLocale, headers.get('accept-language'));
  const locals = {
    platform,
    area: 'console',
    locale,
    t: translator(locale),
    routePath: pathname,
    country: '',
    countryKnown: false,
    scheme: requestScheme(headers.get('x-forwarded-proto'), env.TRUST_PROXY, env.PUBLIC_SCHEME),
    clientIp: clientIp(headers.get('x-forwarded-for'), env.TRUST_PROXY, request.remoteAddress),
    chosenLocale,
    staff: null,
    // No site here: console routes never read it (see App.Locals).
  } as Omit<ArrivalLocals, 'site'> as ArrivalLocals;
  const refused = refusedMutation(request, env.CONSOLE_HOSTS, locals);
  if (refused) return secured(refused);
  return { locals, isApi: pathname.startsWith('/console/api/') };
}

/** Works a request out: its site, locale and client, or the answer that ends it here. */
export function admitRequest(platform: Platform, request: RequestFacts): Admission {
  const { headers, pathname, method } = request;
  const { env } = platform;
  const secured = (response: Response): Admission => ({
    answer: addSecurityHeaders(response, securityHeadersFor(env.PUBLIC_SCHEME, env.SERVED_BY)),
  });
  if (isConsoleHost(env.CONSOLE_HOSTS, headers.get('host'))) return admitConsole(platform, request, secured);
  const site = platform.registry.resolveHost(headers.get('host'));
  if (!site) return secured(unknownHost());

  const cookieLocale = readCookie(headers.get('cookie'), LOCALE_COOKIE);
  const chosenLocale: Locale | undefined = isLocale(cookieLocale) ? cookieLocale : undefined;
  const isApi = pathname.startsWith('/api/');

  let locale: Locale;
  let routePath = pathname;
  if (isApi) {
    // API answers speak the visitor's language: the client's header, the chosen locale, the site's.
    locale = apiLocale(site, headers.get('x-locale'), chosenLocale);
  } else {
    const target = pageLocaleRedirect(site, method, pathname, cookieLocale);
    if (target) return secured(redirect(localePath(target, pathname) + request.search, 302));
    const route = routeLocale(pathname, request.search, site);
    if (route.kind === 'redirect') return secured(redirect(route.location, route.permanent ? 301 : 302));
    locale = route.locale;
    routePath = route.kind === 'serve' ? route.path : '/404';
    // The console's routes are served only on its hosts (CONSOLE_HOSTS): not found on a site.
    if (isConsolePath(routePath)) routePath = '/404';
  }

  const visitor = visitorCountry(headers.get(env.GEO_COUNTRY_HEADER), env.TRUST_PROXY, site);
  const locals: ArrivalLocals = {
    platform,
    site,
    locale,
    t: translator(locale),
    routePath,
    country: visitor.country,
    countryKnown: visitor.known,
    scheme: requestScheme(headers.get('x-forwarded-proto'), env.TRUST_PROXY, env.PUBLIC_SCHEME),
    clientIp: clientIp(headers.get('x-forwarded-for'), env.TRUST_PROXY, request.remoteAddress),
    chosenLocale,
  };

  const refused = refusedMutation(request, site.domains, locals);
  if (refused) return secured(refused);
  return { locals, isApi };
}

/** What a step's quiet form knows of the request besides the locals. */
export interface QuietRequest {
  cookie: string | undefined;
  now: number;
}

/**
 * A step of the pipeline after admission (locals are set), before the page or endpoint: it may
 * fill more locals (the member), or answer early (a redirect, a 403). Features own their steps;
 * the composition root (src/app/) lists them in order.
 */
export interface RequestStep {
  name: string;
  /**
   * Which requests the step is for: a site's (the default) or the operator console's. A step
   * never sees the other area's requests (a site step reads the site, which a console request
   * has not).
   */
  area?: 'site' | 'console';
  /** Whether the step has anything to do for such a request; a step that does not say applies to all. */
  appliesTo?(request: Pick<RequestFacts, 'method' | 'pathname' | 'search'>): boolean;
  /** The step in Astro: fills locals, may set cookies, may answer. */
  run(context: APIContext): Promise<Response | undefined> | Response | undefined;
  /**
   * The step without Astro, for a fast path: fills locals and answers true when it has nothing
   * to write and nothing to answer, else false, and the app runs the request (and `run`). A
   * step without a quiet form sends every request it applies to to the app.
   */
  quiet?(locals: ArrivalLocals, request: QuietRequest): Promise<boolean> | boolean;
}

/** What the cache policy reads of a request: Astro's context, or the part a fast path has. */
export interface PolicyContext {
  request: { method: string; headers: Pick<Headers, 'get'> };
  url: { pathname: string };
  locals: ArrivalLocals;
  cookies: { headers(): Iterator<string> };
  cache: { enabled: boolean; set(input: false): void };
}

/** Says how long an answer may be shared, and hands shareable pages to the route cache. */
export type CachePolicy = (context: PolicyContext, response: Response) => Response;

/** Renders a page: the page renderer may answer from a kept template instead of `render`. */
export type PageRenderer = (context: APIContext, render: () => Promise<Response>) => Promise<Response>;

/** The parts the composition root plugs into the pipeline. */
export interface Pipeline {
  steps: readonly RequestStep[];
  cachePolicy: CachePolicy;
  renderPage?: PageRenderer;
  /**
   * When a session runs out as stored now (epoch ms), or null when it is over or gone: an event
   * stream asks once the end it was opened with has passed (the session may have been renewed).
   */
  sessionExpiry(platform: Platform, network: string, sessionId: string): Promise<number | null>;
}

function applies(
  step: RequestStep,
  request: Pick<RequestFacts, 'method' | 'pathname' | 'search'>,
  area: 'site' | 'console',
): boolean {
  if ((step.area ?? 'site') !== area) return false;
  return step.appliesTo ? step.appliesTo(request) : true;
}

/** Runs the steps in Astro: the first answer ends the request. */
export async function runSteps(
  pipeline: Pipeline,
  context: APIContext,
  request: Pick<RequestFacts, 'method' | 'pathname' | 'search'>,
): Promise<Response | undefined> {
  const area = context.locals.area ?? 'site';
  for (const step of pipeline.steps) {
    if (!applies(step, request, area)) continue;
    const early = await step.run(context);
    if (early) return early;
  }
  return undefined;
}

/**
 * Runs the steps without Astro: true when every step that applies did its work quietly, false
 * when the app must take the request.
 */
export async function runQuietSteps(
  pipeline: Pipeline,
  locals: ArrivalLocals,
  request: RequestFacts,
): Promise<boolean> {
  const quiet: QuietRequest = {
    cookie: request.headers.get('cookie') ?? undefined,
    now: locals.platform.clock.now(),
  };
  const area = locals.area ?? 'site';
  for (const step of pipeline.steps) {
    if (!applies(step, request, area)) continue;
    if (!step.quiet || !(await step.quiet(locals, quiet))) return false;
  }
  return true;
}

/** The locals of a member's request that a fast path may answer. */
export type QuietMemberLocals = ArrivalLocals & { member: SessionMember };

/**
 * A fast path's start, the same for each (the API gateway's calls, the event stream): the
 * request admitted, then every step that applies run in its quiet form. Answers the locals of a
 * member's request that went through quietly; undefined when the app must take the request (the
 * admission answered or refused it, a step has something to write, there is no member, or the
 * fast path's own `takes` declined the admitted request).
 */
export async function quietMemberLocals(
  platform: Platform,
  pipeline: Pipeline,
  request: RequestFacts,
  takes: (admitted: { isApi: boolean }) => boolean = () => true,
): Promise<QuietMemberLocals | undefined> {
  const admission = admitRequest(platform, request);
  if (!admission.locals || !takes(admission)) return undefined;
  const { locals } = admission;
  if (!(await runQuietSteps(pipeline, locals, request)) || !locals.member) return undefined;
  return locals as QuietMemberLocals;
}

/** The console's answers are one staff member's: never kept by any cache. */
function consoleCachePolicy(context: PolicyContext, response: Response): Response {
  if (context.cache.enabled) context.cache.set(false);
  try {
    response.headers.set('cache-control', 'private, no-store');
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('cache-control', 'private, no-store');
    return copy;
  }
}

/** The end of every answer: cache policy, security headers, then compression of what may be. */
export function finishResponse(pipeline: Pipeline, context: PolicyContext, response: Response): Response {
  const policed =
    context.locals.area === 'console'
      ? consoleCachePolicy(context, response)
      : pipeline.cachePolicy(context, response);
  const { env, storage } = context.locals.platform;
  const secured = addSecurityHeaders(
    policed,
    securityHeadersFor(env.PUBLIC_SCHEME, env.SERVED_BY),
    canPresign(storage) ? storage.origin : '',
  );
  // Compressed last, so the route cache stores (and serves again) the compressed bytes.
  return compressResponse(context.request, secured);
}

const NO_COOKIES: PolicyContext['cookies'] = { headers: () => [][Symbol.iterator]() };
const NO_CACHE: PolicyContext['cache'] = { enabled: false, set() {} };

/** The policy context of a fast path: it sets no cookie and has no route cache. */
export function fastPolicyContext(request: RequestFacts, locals: ArrivalLocals): PolicyContext {
  return {
    request: { method: request.method, headers: request.headers },
    url: { pathname: request.pathname },
    locals,
    cookies: NO_COOKIES,
    cache: NO_CACHE,
  };
}
