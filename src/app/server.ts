/*
 * The built server (loaded by entry.ts): the features composed into the platform, the platform
 * booted (configuration checked, database migrated) before anything listens, then Astro's app
 * behind our HTTP server (src/server/serve.ts) with the pipeline and gateways of src/app/.
 */
import { createApp } from 'astro/app/entrypoint';
import buildOptions from 'virtual:kindred/build-options';
import { createAppHandler } from '../server/app-handler.ts';
import { bootOrExit } from '../server/boot.ts';
import { endEventStreams } from '../server/realtime/event-gateway.ts';
import { serve, type ServerParts } from '../server/serve.ts';
import { Drain, handleShutdownSignals } from '../server/shutdown.ts';
import { chatSendGateway, jsonGetGateways } from './gateways.ts';
import { composeServer, pipeline } from './index.ts';

/** The pipeline and the gateways the built server runs. */
export const serverParts: ServerParts = {
  pipeline,
  jsonPosts: [chatSendGateway],
  jsonGets: jsonGetGateways,
};

composeServer();
const platform = await bootOrExit();
// Pages render to one string instead of a stream of small chunks: an uncached member page is
// produced in a few milliseconds, and every streamed chunk cost an encode and a socket write.
const app = createApp({ streaming: false });
const port = process.env.PORT ? Number(process.env.PORT) : buildOptions.port;
const drain = new Drain();
const server = serve(
  createAppHandler(app, { bodySizeLimit: buildOptions.bodySizeLimit, port }),
  buildOptions,
  import.meta.url,
  serverParts,
  drain,
);
handleShutdownSignals({
  server,
  drain,
  timeoutMs: platform.env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  log: platform.log,
  endEventStreams,
  stopJobs: (timeoutMs) => platform.stopJobs(timeoutMs),
  close: () => platform.close(),
});
