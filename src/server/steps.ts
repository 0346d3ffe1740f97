import type { APIContext } from 'astro';

/**
 * What a feature's step of the request pipeline does in Astro (`RequestStep.run` of
 * pipeline.ts): it may fill more locals, or answer early (a redirect, a 403). The composition
 * root (src/app/pipeline.ts) lists the steps.
 */
export type RequestStep = (context: APIContext) => Promise<Response | undefined> | Response | undefined;
