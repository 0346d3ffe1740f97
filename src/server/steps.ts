import type { APIContext } from 'astro';

/**
 * A step of the request pipeline that runs once the site and locale are known (locals are set)
 * and before the page or endpoint: it may fill more locals, or answer early (a redirect, a 403).
 * Features own their steps; `src/middleware.ts` runs them in order.
 */
export type RequestStep = (context: APIContext) => Promise<Response | undefined> | Response | undefined;
