import { defineMiddleware } from 'astro:middleware';
import { composeServer, pipeline } from './app/index.ts';
import { getPlatform } from './server/platform.ts';
import { unansweredApiAsJson } from './server/endpoint.ts';
import { admitRequest, finishResponse, runSteps } from './server/pipeline.ts';

/**
 * Every page and endpoint goes through the request pipeline (src/server/pipeline.ts) with the
 * steps the composition root plugs in (src/app/pipeline.ts); the gateways of the built server
 * run the same pipeline without Astro.
 */
// The built server composes before it boots; `astro dev` loads this module first.
composeServer();

export const onRequest = defineMiddleware(async (context, next) => {
  // A page's Astro.rewrite() (e.g. to /404) runs the middleware again for the new path: the
  // request's site, locale and member are already known and must stay as they were.
  if (context.locals.site) return next();
  const { request, url } = context;
  const facts = {
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    headers: request.headers,
    remoteAddress: context.clientAddress,
  };
  const admission = admitRequest(await getPlatform(), facts);
  if (admission.answer) return admission.answer;
  Object.assign(context.locals, admission.locals);
  const { routePath } = admission.locals;

  const early = await runSteps(pipeline, context, facts);
  if (early) return finishResponse(pipeline, context, early);

  const render = () =>
    !admission.isApi && routePath !== url.pathname ? next(routePath + url.search) : next();
  // The console's pages are rendered whole: member page templates are a site's.
  const whole = admission.isApi || admission.locals.area === 'console' || !pipeline.renderPage;
  const response = whole ? await render() : await pipeline.renderPage!(context, render);
  const answered = admission.isApi ? unansweredApiAsJson(context, response) : response;
  return finishResponse(pipeline, context, answered);
});
