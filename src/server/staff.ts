import { platformError } from './errors.ts';

/*
 * What the platform knows of a console request's staff member: enough for the endpoint kit's
 * staff guard and for network scoping. The staff feature builds it from the staff session
 * (src/features/staff/) and the composition root plugs that step into the pipeline; the roles
 * and what each may do are that feature's (docs/console.md).
 */

export interface StaffPrincipal {
  id: string;
  email: string;
  /** The session's id (the hash of its cookie), to end it. */
  sessionId: string;
  /** The one-time password from the CLI is still in use: nothing but changing it is allowed. */
  mustChangePassword: boolean;
  /** Whether the staff member may do `permission` in `network`, or in at least one network when none is named. */
  can(permission: string, network?: string): boolean;
  /** The networks in which the staff member may do `permission`; `all` when they hold every network. */
  networksFor(permission: string): readonly string[] | 'all';
  /** The networks of any of the staff member's roles; `all` when they hold every network. */
  networks(): readonly string[] | 'all';
}

/**
 * The networks a console list covers: the one the staff member asked for, where they must hold
 * `permission` (403 `forbidden` otherwise), or every network where they hold it.
 */
export function networksInScope(
  staff: Pick<StaffPrincipal, 'networksFor'>,
  permission: string,
  asked: string | undefined,
): readonly string[] | 'all' {
  const held = staff.networksFor(permission);
  if (asked === undefined) return held;
  if (held !== 'all' && !held.includes(asked)) throw platformError('forbidden');
  return [asked];
}

/** Whether a path is one of the console's routes (pages and `/console/api/`). */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/');
}
