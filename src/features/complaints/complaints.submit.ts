import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import { serviceContext } from '../../server/context.ts';
import {
  COMPLAINT_FIELD_CODES,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TEXT_MIN,
  complaintInput,
  fieldCodes,
  type ComplaintFieldCode,
  type ComplaintInput,
} from './complaints.schemas.ts';
import { ComplaintError, fileComplaint } from './complaints.service.ts';

/** What became of a submitted complaint, for the API answer and for the page without script alike. */
export type ComplaintOutcome =
  | { kind: 'filed'; id: string }
  | {
      kind: 'invalid';
      fields: Partial<Record<keyof ComplaintInput, ComplaintFieldCode>>;
      /** Each field's problem in the visitor's language. */
      messages: Partial<Record<keyof ComplaintInput, string>>;
    }
  | { kind: 'rate_limited'; retryAfter: number };

/** The message shown beside a field for each code (any other code reads as "check the fields"). */
export function fieldMessage(t: Translate, code: string): string {
  if (!(COMPLAINT_FIELD_CODES as readonly string[]).includes(code)) return generalFieldMessage(t, code);
  return t(`complaint.error.${code}` as MessageKey, { min: COMPLAINT_TEXT_MIN, max: COMPLAINT_TEXT_MAX });
}

function invalid(
  t: Translate,
  fields: Partial<Record<keyof ComplaintInput, ComplaintFieldCode>>,
): ComplaintOutcome {
  const messages: Partial<Record<keyof ComplaintInput, string>> = {};
  for (const [field, code] of Object.entries(fields) as [keyof ComplaintInput, ComplaintFieldCode][]) {
    messages[field] = fieldMessage(t, code);
  }
  return { kind: 'invalid', fields, messages };
}

/** Validates a complaint (JSON body or form fields alike) and files it for the request's site. */
export async function submitComplaint(locals: App.Locals, body: unknown): Promise<ComplaintOutcome> {
  const parsed = complaintInput.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (!parsed.success) return invalid(locals.t, fieldCodes(parsed.error));
  try {
    const { id } = await fileComplaint(serviceContext(locals), parsed.data, {
      memberId: locals.member?.id ?? null,
      ip: locals.clientIp,
    });
    return { kind: 'filed', id };
  } catch (error) {
    if (!(error instanceof ComplaintError)) throw error;
    if (error.code === 'profile_not_found') return invalid(locals.t, { profile: 'profile_not_found' });
    return { kind: 'rate_limited', retryAfter: error.retryAfter ?? 60 };
  }
}
