/*
 * Roles per network and what each may do: the role matrix of docs/console.md, which a test
 * checks against this table, and which the endpoint kit's staff guard and the services apply.
 * A role is held in one network, or in every network (`*`, an owner created without a network).
 */

export const STAFF_ROLES = ['owner', 'moderator', 'support', 'host'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every network: a role held with this network applies in all of them. */
export const ALL_NETWORKS = '*';

export const PERMISSIONS = {
  /** Refund a member's order. */
  refund: ['owner', 'support'],
  /** Add or take credits from a member (a ledger entry with a reason). */
  adjust_credits: ['owner', 'support'],
  /** Read a member's private conversation (each reading is an audit entry). */
  read_conversations: ['owner', 'moderator', 'support', 'host'],
  /** Create and edit operator-run (fictional) profiles. */
  create_profiles: ['owner', 'host'],
  /** Add, list and disable staff of the network. */
  add_staff: ['owner'],
  /** Decide on reports, photos and texts; warn, suspend, ban. */
  moderate: ['owner', 'moderator'],
  /** Read and export the audit log. */
  view_audit_log: ['owner'],
  /** Read and export the statistics per site and network. */
  view_statistics: ['owner', 'moderator', 'support', 'host'],
  /** Write a new site's tenant file from the console. */
  manage_sites: ['owner'],
  /** Make and switch off discount and invite codes; write and send mailings (commercial decisions). */
  manage_codes: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

export function roleMay(role: string, permission: string): boolean {
  return isPermission(permission) && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export interface RoleGrant {
  network: string;
  role: StaffRole;
}

/** Whether grants allow `permission` in `network` (in any network when none is named). */
export function grantsAllow(grants: readonly RoleGrant[], permission: string, network?: string): boolean {
  return grants.some(
    (g) =>
      roleMay(g.role, permission) &&
      (network === undefined || g.network === ALL_NETWORKS || g.network === network),
  );
}

/** The networks in which grants allow `permission`; `all` with a grant over every network. */
export function networksAllowed(grants: readonly RoleGrant[], permission: string): readonly string[] | 'all' {
  const allowed = grants.filter((g) => roleMay(g.role, permission));
  if (allowed.some((g) => g.network === ALL_NETWORKS)) return 'all';
  return [...new Set(allowed.map((g) => g.network))];
}
