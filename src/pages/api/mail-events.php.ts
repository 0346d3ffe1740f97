import type { APIRoute } from 'astro';
import {
  mailEventSchema,
  mailEventsAuthorized,
  recordMailEvent,
  recordMailMessage,
} from '../../features/notification-mail/index.ts';
import { MAIL_REPORT_BODY_LIMIT, readBodyBytes } from '../../server/body.ts';
import { serviceContext } from '../../server/context.ts';
import { failureResponse, fieldCodes, isJsonType, methodNotAllowed } from '../../server/endpoint.ts';
import { DomainError, invalidFields } from '../../server/errors.ts';

/**
 * `POST /api/mail-events.php` with `Authorization: Bearer MAIL_EVENTS_SECRET`: a bounce or a spam
 * report as JSON `{ email, type, site? }`, or the mail server's raw report (a DSN, an ARF
 * message, a mail to the List-Unsubscribe address). 204; 401 without the secret.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  try {
    if (!mailEventsAuthorized(request.headers.get('authorization'), locals.platform.env.MAIL_EVENTS_SECRET))
      throw new DomainError('unauthorized', { status: 401, message: 'api.authentication_required' });
    const ctx = serviceContext(locals);
    const body = Buffer.from(await readBodyBytes(request, MAIL_REPORT_BODY_LIMIT));
    if (isJsonType(request.headers.get('content-type') ?? '')) {
      let value: unknown;
      try {
        value = JSON.parse(body.toString('utf8'));
      } catch {
        throw invalidFields({ body: 'json_invalid' });
      }
      const parsed = mailEventSchema.safeParse(value);
      if (!parsed.success) throw invalidFields(fieldCodes(parsed.error, value));
      await recordMailEvent(ctx, parsed.data);
    } else {
      await recordMailMessage(ctx, locals.platform.secret, body);
    }
    return new Response(null, { status: 204 });
  } catch (error) {
    return failureResponse(locals, error);
  }
};

export const ALL = methodNotAllowed;
