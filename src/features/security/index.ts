export {
  admitLogin,
  clearLoginFailures,
  recordLoginFailure,
  type Admitted,
  type LoginAttempt,
  type LoginBlock,
  type LoginScope,
} from './login-guard.ts';
export { AUTH_EVENT_KINDS, logAuthEvent, type AuthEventKind, type AuthEventScope } from './auth-events.ts';
