import type { APIContext } from 'astro';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import { featureEndpoint } from '../../server/endpoint.ts';
import { argon2Passwords } from '../accounts/index.ts';
import { staffStreamKey, type StaffContext } from './staff.service.ts';
import { consoleServiceBasics, servedNetworks } from '../../server/console-db.ts';

/** The console's context for a request: the platform's adapters, passwords and the client's address. */
export function staffContext(locals: App.Locals): StaffContext {
  const { platform } = locals;
  return {
    ...consoleServiceBasics(locals),
    rateLimiter: platform.rateLimiter,
    secret: platform.secret,
    passwords: argon2Passwords,
    ip: locals.clientIp,
    networks: () => servedNetworks(platform),
    endStreams: (staffId, sessionIds) => {
      const { network, key } = staffStreamKey(staffId);
      return platform.realtime.endSessions(network, key, sessionIds);
    },
  };
}

const FIELD_MESSAGES: Record<string, MessageKey> = {
  required: 'console.field.required',
  email_invalid: 'console.field.email_invalid',
  email_taken: 'console.field.email_taken',
  email_unchanged: 'console.field.email_unchanged',
  network_unknown: 'console.field.network_unknown',
  password_wrong: 'console.field.password_wrong',
  password_too_short: 'console.field.password_too_short',
  password_common: 'console.field.password_common',
  invalid: 'console.field.invalid',
  code_format: 'console.field.code_format',
  invite_code_format: 'console.field.invite_code_format',
  percentage_range: 'console.field.percentage_range',
  amount_positive: 'console.field.amount_positive',
  whole_number: 'console.field.whole_number',
  batch_size: 'console.field.batch_size',
  adjustment_range: 'console.field.adjustment_range',
};

/**
 * A console field's code in the staff member's language. What the field needs, where a code says
 * it (a range, a format); any other code reads as "not valid" beside the field, never as the
 * form's "check the highlighted fields".
 */
export const staffFieldMessage = (t: Translate, code: string): string =>
  t(FIELD_MESSAGES[code] ?? 'console.field.invalid');

/** The endpoint kit bound to the console: its handlers get `StaffContext` as `ctx`. */
export const staffEndpoint = featureEndpoint<StaffContext>({
  context: (context: APIContext) => staffContext(context.locals),
  fieldMessage: staffFieldMessage,
});
