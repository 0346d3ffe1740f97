import type { Translate } from '../i18n/index.ts';
import { MIN_COMPRESS_BYTES } from './compression.ts';
import { PLATFORM_ERRORS, type PlatformErrorCode } from './errors.ts';

const encoder = new TextEncoder();

/**
 * JSON response with the API's content type; never cached unless a caller says so. Its length
 * is known, so a small answer (most of the API) is sent as it is instead of through gzip, which
 * would cost more than the bytes it saves (compression.ts).
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const bytes = encoder.encode(JSON.stringify(body));
  return jsonResponse(bytes, bytes, status, headers);
}

function jsonResponse(
  bytes: Uint8Array<ArrayBuffer>,
  body: Uint8Array<ArrayBuffer> | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(bytes.byteLength),
      'cache-control': 'no-store',
      ...headers,
    },
  });
  jsonBytes.set(response, bytes);
  return response;
}

/**
 * `json`'s answer for a caller that writes the bytes itself (a gateway, api-gateway.ts, through
 * `jsonBodyBytes`). One too small to compress has no body stream: building the stream was a
 * visible part of a chat send, and only a reader of the answer's body needs it. Its status and
 * headers are `json`'s, and an answer worth compressing keeps its stream for the compressor.
 */
export function writtenJson(body: unknown, status = 200): Response {
  const bytes = encoder.encode(JSON.stringify(body));
  return jsonResponse(bytes, bytes.byteLength < MIN_COMPRESS_BYTES ? null : bytes, status, {});
}

/** The bytes of each answer `json` made, while it lives. */
const jsonBytes = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/**
 * The body of an answer `json` made, as bytes: a gateway (api-gateway.ts) writes them at once
 * instead of reading them back through the answer's stream. Undefined for any other answer.
 */
export function jsonBodyBytes(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return response.bodyUsed ? undefined : jsonBytes.get(response);
}

/** An error in the shape of API.md: `{ error, message, …details }`. */
export function apiError(
  t: Translate,
  status: number,
  code: PlatformErrorCode,
  details: Record<string, unknown> = {},
): Response {
  return json({ error: code, message: t(PLATFORM_ERRORS[code].message), ...details }, status);
}

/** A redirect that is never cached (links from e-mails, answers to form posts). */
export function seeOther(location: string, status: 302 | 303 = 303): Response {
  return new Response(null, { status, headers: { location, 'cache-control': 'no-store' } });
}

/** An answer with nothing to say (beacons), never cached. */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
