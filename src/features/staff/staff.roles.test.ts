import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../i18n/index.ts';
import {
  ALL_NETWORKS,
  grantsAllow,
  networksAllowed,
  PERMISSION_NAMES,
  PERMISSIONS,
  STAFF_ROLES,
} from './staff.roles.ts';

/** The role matrix of docs/console.md, as permission → roles that may. */
function documentedMatrix(): Record<string, string[]> {
  const doc = readFileSync(new URL('../../../docs/console.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Role matrix'), doc.indexOf('## Audit log'));
  const lines = section.split('\n').filter((line) => line.startsWith('| '));
  const header = lines[0]!
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean);
  expect(header).toEqual(['permission', ...STAFF_ROLES]);
  const matrix: Record<string, string[]> = {};
  for (const line of lines.slice(1)) {
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    if (cells[0]!.startsWith('---')) continue;
    matrix[cells[0]!] = STAFF_ROLES.filter((_, i) => cells[i + 1] === 'yes');
  }
  return matrix;
}

describe('the role matrix', () => {
  it('has words for every permission, which the overview lists', () => {
    const english: Record<string, string> = MESSAGES.en;
    for (const permission of PERMISSION_NAMES)
      expect(english[`console.permission.${permission}`], permission).toBeTruthy();
  });

  it('is what docs/console.md says, permission by permission and role by role', () => {
    const documented = documentedMatrix();
    expect(Object.keys(documented).sort()).toEqual([...PERMISSION_NAMES].sort());
    for (const permission of PERMISSION_NAMES)
      expect(documented[permission], permission).toEqual(
        STAFF_ROLES.filter((role) => (PERMISSIONS[permission] as readonly string[]).includes(role)),
      );
  });

  it('holds a role only in its network, and everywhere with *', () => {
    const grants = [{ network: 'a', role: 'moderator' as const }];
    expect(grantsAllow(grants, 'moderate', 'a')).toBe(true);
    expect(grantsAllow(grants, 'moderate', 'b')).toBe(false);
    expect(grantsAllow(grants, 'moderate')).toBe(true);
    expect(grantsAllow(grants, 'refund')).toBe(false);
    expect(grantsAllow(grants, 'no_such_permission')).toBe(false);
    expect(networksAllowed(grants, 'moderate')).toEqual(['a']);
    const owner = [{ network: ALL_NETWORKS, role: 'owner' as const }];
    expect(grantsAllow(owner, 'view_audit_log', 'any')).toBe(true);
    expect(networksAllowed(owner, 'add_staff')).toBe('all');
  });
});
