import type { APIContext } from 'astro';
import { featureEndpoint, type FieldMessage } from '../../server/endpoint.ts';
import { argon2Passwords } from '../accounts/index.ts';
import { staffStreamKey, type StaffContext } from './staff.service.ts';
import { consoleDb, servedNetworks } from '../../server/console-db.ts';

/** The console's context for a request: the platform's adapters, passwords and the client's address. */
export function staffContext(locals: App.Locals): StaffContext {
  const { platform } = locals;
  return {
    db: consoleDb(locals),
    clock: platform.clock,
    log: platform.log,
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

const FIELD_MESSAGES: Record<string, Parameters<Parameters<FieldMessage>[0]>[0]> = {
  required: 'console.field.required',
  email_invalid: 'console.field.email_invalid',
  email_taken: 'console.field.email_taken',
  email_unchanged: 'console.field.email_unchanged',
  network_unknown: 'console.field.network_unknown',
  password_wrong: 'console.field.password_wrong',
  password_too_short: 'console.field.password_too_short',
  password_common: 'console.field.password_common',
};

export const staffFieldMessage: FieldMessage = (t, code) => t(FIELD_MESSAGES[code] ?? 'api.validation');

/** The endpoint kit bound to the console: its handlers get `StaffContext` as `ctx`. */
export const staffEndpoint = featureEndpoint<StaffContext>({
  context: (context: APIContext) => staffContext(context.locals),
  fieldMessage: staffFieldMessage,
});
