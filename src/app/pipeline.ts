import { loadSession, loadSessionQuietly } from '../features/accounts/accounts.middleware.ts';
import { renderMemberPage } from '../features/accounts/accounts.page-template.ts';
import { sessionExpiry } from '../features/accounts/index.ts';
import { applyCachePolicy } from '../features/caching/caching.middleware.ts';
import { guardConsolePage, loadStaff } from '../features/staff/index.ts';
import { captureTracking } from '../features/tracking/tracking.middleware.ts';
import type { Pipeline, RequestStep } from '../server/pipeline.ts';

/*
 * The features' parts of the request pipeline (src/server/pipeline.ts), in the order they run.
 * The middleware and the built server's gateways run these same parts: a step added here holds
 * for every route, and a fast path takes a request only when every step that applies to it has
 * done its work quietly.
 */

/** Arriving tracking parameters: stored, then taken off the URL with a redirect (pages only). */
const tracking: RequestStep = {
  name: 'tracking',
  appliesTo: ({ method, pathname, search }) =>
    (method === 'GET' || method === 'HEAD') && search !== '' && !pathname.startsWith('/api/'),
  run: captureTracking,
};

/**
 * The session cookie's member and its status (one query). Quietly only when resuming the
 * session writes nothing (no renewal, no last seen mark, no cookie to clear) and there is one.
 */
const session: RequestStep = {
  name: 'session',
  run: loadSession,
  quiet: loadSessionQuietly,
};

/** The console's staff session (console hosts only): its own cookie and table, 30 idle minutes. */
const staff: RequestStep = {
  name: 'staff',
  area: 'console',
  run: loadStaff,
};

/**
 * The console's pages: who may open which section (`CONSOLE_SECTIONS`), before the page
 * renders. Every read of the console host: the step itself tells pages from the API by the
 * route Astro matched, which the address as written (encoded, say) cannot hide.
 */
const consolePages: RequestStep = {
  name: 'console pages',
  area: 'console',
  appliesTo: ({ method }) => method === 'GET' || method === 'HEAD',
  run: guardConsolePage,
};

export const pipeline: Pipeline = {
  steps: [tracking, session, staff, consolePages],
  cachePolicy: applyCachePolicy,
  renderPage: renderMemberPage,
  sessionExpiry: (platform, network, sessionId) =>
    sessionExpiry(platform.dbFor(network), network, sessionId, platform.clock.now()),
};
