import { platformError } from './errors.ts';

/**
 * Request bodies are read only up to a limit, so a client cannot make the server buffer more
 * than a call needs. JSON calls and forms carry a few kilobytes at most (the longest field is a
 * complaint's text); only uploads need more.
 */
export const JSON_BODY_LIMIT = 32 * 1024;
/** A photo of up to 10 MB (API.md) plus the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;

/** A bounce or spam report with the returned message inside it (its HTML, a picture or two). */
export const MAIL_REPORT_BODY_LIMIT = 1024 * 1024;

/** The paths that take more than JSON; every other path gets the JSON limit. */
const LARGE_BODIES = new Map([
  ['/api/photos.php', UPLOAD_BODY_LIMIT],
  ['/api/chat-photo.php', UPLOAD_BODY_LIMIT],
  ['/console/api/inbox-photo.php', UPLOAD_BODY_LIMIT],
  ['/console/api/profile-photos.php', UPLOAD_BODY_LIMIT],
  ['/api/mail-events.php', MAIL_REPORT_BODY_LIMIT],
]);

/** The largest body a request to this path may carry. */
export function bodyLimitFor(pathname: string): number {
  return LARGE_BODIES.get(pathname) ?? JSON_BODY_LIMIT;
}

function tooLarge(limit: number) {
  return platformError('payload_too_large', { details: { limit } });
}

/**
 * Refuses a body that says it is too large before a byte of it is read. A body sent without
 * a length (chunked) is checked as it arrives, by `readBodyBytes`.
 */
export function assertDeclaredLength(headers: Pick<Headers, 'get'>, limit: number): void {
  const declared = Number(headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
}

/** The body's bytes, stopping with 413 `payload_too_large` as soon as it passes `limit`. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  assertDeclaredLength(request.headers, limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text, within `limit` bytes. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limit));
}

/** An HTML form's fields (`application/x-www-form-urlencoded`), within `limit` bytes. */
export async function readFormFields(request: Request, limit = JSON_BODY_LIMIT): Promise<URLSearchParams> {
  return new URLSearchParams(await readBodyText(request, limit));
}
