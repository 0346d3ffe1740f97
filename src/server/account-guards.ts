import type { ServiceContext } from './context.ts';

/*
 * Rules of other features that a session or a signup must pass (a ban refuses the login; a
 * banned address or browser cannot sign up again). Accounts asks them without knowing who they
 * are: the composition root (src/app/) registers them, so accounts imports no feature that
 * itself builds on accounts.
 */

export type GuardContext = Pick<ServiceContext, 'db' | 'clock' | 'network' | 'site'> & { secret: Buffer };

export interface AccountGuard {
  readonly name: string;
  /** Before a session starts for the member (login, signup, a reset link): throws a DomainError to refuse. */
  sessionStarting?(ctx: GuardContext, memberId: string): Promise<void>;
  /** After a session started, from the browser of `deviceId` (the browser cookie). */
  sessionStarted?(ctx: GuardContext, memberId: string, deviceId: string | undefined): Promise<void>;
  /** Before an account is created: throws a DomainError to refuse. */
  signingUp?(ctx: GuardContext, attempt: { email: string; deviceId: string | undefined }): Promise<void>;
}

let registered: readonly AccountGuard[] = [];

/** The composition root names the guards once, before the server starts. */
export function registerAccountGuards(guards: readonly AccountGuard[]): void {
  registered = guards;
}

export function accountGuards(): readonly AccountGuard[] {
  return registered;
}
