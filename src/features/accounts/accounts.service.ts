/*
 * The account services, one module per part (accounts.<part>.service.ts); endpoints and the
 * feature's index import them from here.
 */
export {
  memberLocale,
  SESSION_LIFETIME_MS,
  SESSION_RENEW_BELOW_MS,
  startSession,
  TOKEN_LIFETIME_MS,
  currentUser,
  type AccountsContext,
  type IssuedSession,
  type RequestOrigin,
} from './accounts.service-support.ts';
export { AccountError, type AccountErrorCode } from './accounts.errors.ts';
export * from './accounts.session.service.ts';
export * from './accounts.signup.service.ts';
export * from './accounts.credentials.service.ts';
export * from './accounts.lifecycle.service.ts';
