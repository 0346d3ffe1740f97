import type { ServerParts } from '../server/serve.ts';
import { chatSendGateway, composeServer, pipeline } from './index.ts';

/*
 * The built server's composition: imported before the platform boots, so that its job runner
 * and privacy hooks know every feature's from the first run.
 */
composeServer();

/** The pipeline and the gateways the built server runs (src/server/serve.ts). */
export const serverParts: ServerParts = { pipeline, jsonPosts: [chatSendGateway] };
