import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeResponse } from 'astro/app/node';
import { bodyLimitFor } from './body.ts';
import type { APIRoute } from 'astro';
import { answerOutsideAstro, isJsonType } from './endpoint.ts';
import { jsonBodyBytes } from './http.ts';
import {
  fastPolicyContext,
  finishResponse,
  quietMemberLocals,
  type Pipeline,
  type QuietMemberLocals,
  nodeHeader,
  nodeRequestFacts,
  type RequestFacts,
} from './pipeline.ts';
import type { Platform } from './platform.ts';
import { noteGateway } from './statement-count.ts';

/*
 * A member's JSON POST to one API path without Astro's rendering: the busiest writes (a chat
 * send) spend more on Astro's `Request` and its pipeline than on their own work. The gateway
 * runs the request pipeline (pipeline.ts: admission, the steps' quiet forms, the finish) as
 * the middleware does, and hands everything else to the app untouched, which answers it in
 * full: whatever the pipeline answers or refuses itself (an unknown host, a foreign Origin, a
 * step with something to write such as a session due renewal or a cookie to clear), a body
 * that is not JSON, has no length or is too large, and whatever the handler declines (an input
 * the endpoint's schema refuses, a rarer kind of call). A body read by then is handed on with
 * the request (`req.body`, which Astro's `createRequestFromNodeRequest` reads instead of the stream), so the app sees the
 * same bytes.
 *
 * The answer leaves through the pipeline's finish and Astro's Node writer (`writeResponse`), so its status
 * line, headers and body are the app's (tests/integration/chat-gateway.test.ts compares them).
 */

/** What the gateway knows of the call: the locals the middleware would have set. */
export type GatewayLocals = QuietMemberLocals;

export interface JsonPostGateway {
  path: string;
  /**
   * The endpoint's route (the kit's `endpoint(…)`): the gateway answers with its own steps
   * (endpoint.ts, `answerOutsideAstro`), so a guard added to the endpoint holds here too.
   */
  route: APIRoute;
  /** Which parsed bodies the gateway takes (the usual case); the app answers the others. */
  takes(body: unknown): boolean;
}

/**
 * A member's JSON GET to one API path without Astro's rendering: a call whose own work is a
 * fraction of a millisecond (the chat list, the likes) spent two or three times as long on
 * Astro's `Request`, routing, middleware frames and Node writer. As for the posts, the pipeline
 * runs quietly or the app answers: a visitor, a session due a write, an input the schema
 * refuses, a handler that reaches for Astro's context.
 */
export interface JsonGetGateway {
  path: string;
  /** The endpoint's route (the kit's `endpoint(…)`, with a `query` schema). */
  route: APIRoute;
}

/** The path of a request, without its query. */
function pathOf(req: IncomingMessage): string | undefined {
  const url = req.url;
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** The gateways of JSON GETs by path, for `gatewayGet`. */
export function jsonGetsByPath(gateways: readonly JsonGetGateway[]): ReadonlyMap<string, JsonGetGateway> {
  return new Map(gateways.map((gateway) => [gateway.path, gateway]));
}

/** The gateway of a GET's path (with or without a query), if there is one. */
export function gatewayGet(
  req: IncomingMessage,
  byPath: ReadonlyMap<string, JsonGetGateway>,
): JsonGetGateway | undefined {
  if (req.method !== 'GET' || byPath.size === 0) return undefined;
  const path = pathOf(req);
  return path === undefined ? undefined : byPath.get(path);
}

/**
 * Answers the call when it is the usual case (a member's, the pipeline quiet, an input the
 * schema takes); answers false, having written nothing, when the app must answer instead.
 */
export async function serveJsonGet(
  req: IncomingMessage,
  res: ServerResponse,
  platform: Platform,
  pipeline: Pipeline,
  gateway: JsonGetGateway,
): Promise<boolean> {
  const facts = nodeRequestFacts(req);
  const locals = await quietMemberLocals(platform, pipeline, facts, ({ isApi }) => isApi);
  if (!locals) return false;
  // As the endpoint kit reads a query: each parameter once, the last of a repeated one.
  const query = Object.fromEntries(new URLSearchParams(facts.search));
  const response = await answerOutsideAstro(gateway.route, locals as App.Locals, { query });
  if (!response) return false;
  noteGateway(req);
  await write(finishResponse(pipeline, fastPolicyContext(facts, locals), response), res);
  return true;
}

/** Whether the request is a POST to the gateway's path (no query: the app takes those). */
export function isGatewayPost(req: IncomingMessage, gateway: Pick<JsonPostGateway, 'path'>): boolean {
  return req.method === 'POST' && req.url === gateway.path;
}

/** The locals of a call the gateway takes, or null when the app must answer it. */
async function callLocals(
  req: IncomingMessage,
  facts: RequestFacts,
  platform: Platform,
  pipeline: Pipeline,
  gateway: JsonPostGateway,
): Promise<GatewayLocals | null> {
  if (!isJsonType(nodeHeader(req, 'content-type') ?? '')) return null;
  // A length within the limit, so the whole body can be read here; chunked bodies go on.
  const length = nodeHeader(req, 'content-length');
  if (length === null || !/^\d+$/.test(length) || Number(length) > bodyLimitFor(gateway.path)) return null;
  if (req.headers['transfer-encoding'] !== undefined) return null;
  return (await quietMemberLocals(platform, pipeline, facts)) ?? null;
}

/** The declared body, all of it, or null when the client went away before sending it. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  // Events rather than an async iterator: a few kilobytes at most, usually one chunk.
  return new Promise((resolve) => {
    if (req.destroyed) return resolve(null);
    const chunks: Buffer[] = [];
    const done = (body: Buffer | null) => {
      req.off('data', data).off('end', end).off('error', fail).off('close', fail);
      resolve(body);
    };
    const data = (chunk: Buffer) => chunks.push(chunk);
    const end = () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    const fail = () => done(null);
    req.on('data', data).once('end', end).once('error', fail).once('close', fail);
  });
}

/**
 * Writes the answer as Astro's Node writer would (`writeResponse`: the status, the headers
 * one for one, the body); an uncompressed JSON answer in one go, without reading its stream (a
 * small one, `writtenJson`'s, has none).
 */
async function write(answer: Response, res: ServerResponse): Promise<void> {
  const bytes = jsonBodyBytes(answer);
  if (!bytes || answer.headers.has('set-cookie')) {
    // Astro's writer reads the body: give a small answer (`writtenJson`) its bytes back.
    await writeResponse(bytes && !answer.body ? new Response(bytes, answer) : answer, res);
    return;
  }
  res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
  res.end(bytes);
}

/**
 * Answers the call when it is the usual case; answers false, having written nothing, when the
 * app must answer instead (with the body, if it was read, left for the app on `req.body`).
 */
export async function serveJsonPost(
  req: IncomingMessage,
  res: ServerResponse,
  platform: Platform,
  pipeline: Pipeline,
  gateway: JsonPostGateway,
): Promise<boolean> {
  const facts = nodeRequestFacts(req);
  const locals = await callLocals(req, facts, platform, pipeline, gateway);
  if (!locals) return false;
  const bytes = await readBody(req);
  if (!bytes) {
    res.destroy();
    return true;
  }
  let answer: Response | undefined;
  try {
    const body: unknown = JSON.parse(bytes.toString('utf8'));
    const response = gateway.takes(body)
      ? await answerOutsideAstro(gateway.route, locals as App.Locals, { body })
      : undefined;
    if (response) answer = finishResponse(pipeline, fastPolicyContext(facts, locals), response);
  } catch {
    // Not JSON (the app answers 422), or the gateway failed before answering: a send that went
    // through meanwhile is answered again by its client_id.
  }
  if (!answer) {
    (req as IncomingMessage & { body?: Buffer }).body = bytes;
    return false;
  }
  noteGateway(req);
  await write(answer, res);
  return true;
}
