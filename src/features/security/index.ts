export { consume, counterLookbackMs, peek, type RateDecision } from './rate-limit.ts';
export { clearLoginFailures, loginBlocked, recordLoginFailure, type LoginBlock } from './login-guard.ts';
export { AUTH_EVENT_KINDS, logAuthEvent, type AuthEventKind, type AuthEventScope } from './auth-events.ts';
