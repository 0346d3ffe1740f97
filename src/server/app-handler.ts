/**
 * Astro's rendering of a Node request, through Astro's public adapter API (`astro/app/node`):
 * the request made from Node's, the route matched, the page or endpoint rendered (with the
 * middleware, so the request pipeline), the answer written. What the Node adapter's own handler
 * does, without its static files (static-files.ts) and prerendered pages (there are none).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { createApp } from 'astro/app/entrypoint';
import { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface AppHandlerOptions {
  /** The largest body Astro reads; the routes' own limits (body.ts) are lower. */
  bodySizeLimit: number;
  port: number;
}

type App = ReturnType<typeof createApp>;

export function createAppHandler(app: App, options: AppHandlerOptions): NodeHandler {
  const rendering = new AsyncLocalStorage<string>();
  const aborted = new WeakSet<Error>();
  process.on('unhandledRejection', (reason) => {
    const url = rendering.getStore();
    if (!url || (reason instanceof Error && aborted.has(reason))) return;
    const error = reason instanceof Error ? reason.stack || reason.message : String(reason);
    process.stderr.write(`Unhandled rejection while rendering ${url}\n${error}\n`);
  });
  const noPrerenderedPage = async () => new Response(null, { status: 404 });
  return async (req, res) => {
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') aborted.add(error);
    });
    let request: Request;
    try {
      request = createRequestFromNodeRequest(req, {
        allowedDomains: app.getAllowedDomains?.() ?? [],
        bodySizeLimit: options.bodySizeLimit,
        port: options.port,
      });
    } catch (error) {
      process.stderr.write(`Could not render ${req.url}: ${(error as Error).message}\n`);
      res.statusCode = 500;
      res.end('Internal Server Error');
      return;
    }
    try {
      const routeData = app.match(request, true);
      await rendering.run(request.url, async () => {
        const response = await app.render(request, {
          addCookieHeader: true,
          routeData,
          prerenderedErrorPageFetch: noPrerenderedPage,
        });
        await writeResponse(response, res);
      });
    } catch (error) {
      if (error instanceof Error && aborted.has(error)) return;
      const text = error instanceof Error ? error.stack || error.message : String(error);
      process.stderr.write(`Could not render ${request.url}\n${text}\n`);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      } else res.destroy();
    }
  };
}
