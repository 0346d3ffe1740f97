import type { APIRoute } from 'astro';
import { mailEventsAuthorized, recordMailReport } from '../../features/notification-mail/index.ts';
import { MAIL_REPORT_BODY_LIMIT, readBodyBytes } from '../../server/body.ts';
import { serviceContext } from '../../server/context.ts';
import { failureResponse, methodNotAllowed } from '../../server/endpoint.ts';
import { DomainError } from '../../server/errors.ts';

/**
 * `POST /api/mail-events.php` with `Authorization: Bearer MAIL_EVENTS_SECRET`: a bounce or a spam
 * report as JSON `{ email, type, site? }`, or the mail server's raw report (a DSN, an ARF
 * message, a mail to the List-Unsubscribe address). 204; 401 without the secret. Not the
 * endpoint kit: the body is read raw, since a report is not JSON.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  try {
    if (!mailEventsAuthorized(request.headers.get('authorization'), locals.platform.env.MAIL_EVENTS_SECRET))
      throw new DomainError('unauthorized', { status: 401, message: 'api.authentication_required' });
    const body = Buffer.from(await readBodyBytes(request, MAIL_REPORT_BODY_LIMIT));
    const type = request.headers.get('content-type') ?? '';
    await recordMailReport(serviceContext(locals), locals.platform.secret, type, body);
    return new Response(null, { status: 204 });
  } catch (error) {
    return failureResponse(locals, error);
  }
};

export const ALL = methodNotAllowed;
